import type { EngineEvent } from '../../engine/protocol';

/** Where the panel listens to the engine's events (the page forwards what its host receives). */
export interface EngineEventSource {
  /** Calls `listener` with each event from now on; returns the unsubscribe function. */
  subscribe(listener: (event: EngineEvent) => void): () => void;
}

/** A source the page feeds with `emit` from its `onEvent`. */
export function createEngineEventHub(): EngineEventSource & { emit(event: EngineEvent): void } {
  const listeners = new Set<(event: EngineEvent) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event) {
      [...listeners].forEach((listener) => listener(event));
    },
  };
}
