import { useCallback, useState } from 'react';
import type { EngineCommand } from '../../engine/protocol';
import { loadGraphics, saveGraphics, type ViewerGraphics } from '../../lib/viewerPreferences';

/** The engine command that applies each graphics setting live. */
const commands: { [K in keyof ViewerGraphics]: (value: ViewerGraphics[K]) => EngineCommand } = {
  graphicsQuality: (level) => ({ channel: 'Settings', method: 'setGraphicsQuality', payload: { level } }),
  renderScale: (scale) => ({ channel: 'Settings', method: 'setRenderQuality', payload: { scale } }),
  targetFrameRate: (fps) => ({ channel: 'Settings', method: 'setTargetFrameRate', payload: { fps } }),
  filtering: (level) => ({ channel: 'Settings', method: 'setFiltering', payload: { level } }),
  adaptiveResolution: (enabled) => ({
    channel: 'Settings',
    method: 'setAdaptiveResolution',
    payload: { enabled },
  }),
  showVisitors: (shown) => ({ channel: 'Settings', method: 'setVisitorsShown', payload: { shown } }),
};

export function graphicsCommand<K extends keyof ViewerGraphics>(
  key: K,
  value: ViewerGraphics[K],
): EngineCommand {
  return commands[key](value);
}

/**
 * The viewer's graphics settings: read once from this browser's storage (the engine starts with
 * them: `startSettings`), and each change saved and applied to the running engine.
 */
export function useViewerGraphics(send: (cmd: EngineCommand) => void) {
  const [startSettings] = useState(loadGraphics);
  const [graphics, setGraphics] = useState(startSettings);
  const change = useCallback(
    <K extends keyof ViewerGraphics>(key: K, value: ViewerGraphics[K]) => {
      setGraphics((current) => {
        const next = { ...current, [key]: value };
        saveGraphics(next);
        return next;
      });
      send(graphicsCommand(key, value));
    },
    [send],
  );
  return { startSettings, graphics, change };
}

export type ViewerGraphicsControl = ReturnType<typeof useViewerGraphics>;
