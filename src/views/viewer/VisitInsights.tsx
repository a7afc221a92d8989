import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useFlow } from '../../app/AppContext';
import type { EngineEvent } from '../../engine/protocol';

export interface VisitInsightsProps {
  sceneId: string;
  embed: boolean;
  /** The space's first frame is on screen. */
  loaded: boolean;
  /** The page's engine events (works and info points opened). */
  onEngineEvent(listener: (event: EngineEvent) => void): () => void;
}

/**
 * Reports a visit of a published space to its owner's insights (visitInsightsMachine, systemId
 * `visitInsights`) while the viewer shows it. Renders nothing.
 */
export function VisitInsights({ sceneId, embed, loaded, onEngineEvent }: VisitInsightsProps) {
  const search = useSearch();
  const visit = useFlow('visitInsights', { sceneId, search, embed }, { systemId: 'visitInsights' });
  useEffect(() => {
    if (visit && loaded) visit.send({ type: 'visit.loaded', at: performance.now() });
  }, [visit, loaded]);
  useEffect(() => {
    if (!visit) return;
    return onEngineEvent((event) => visit.send({ type: 'engine.event', event }));
  }, [visit, onEngineEvent]);
  return null;
}
