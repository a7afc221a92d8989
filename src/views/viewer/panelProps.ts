import type { SceneContent } from '../../../contracts/sceneContent';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';

/** What a viewer panel gets from the viewer page: the space's content and a line to its engine. */
export interface ViewerPanelProps {
  content: SceneContent;
  /** Sends a command to the engine of the page. */
  send: (cmd: EngineCommand) => void;
  /** Listens to the engine's events; returns the function that stops listening. */
  onEngineEvent: (listener: (event: EngineEvent) => void) => () => void;
}
