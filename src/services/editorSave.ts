import type { SceneContent } from '../../contracts/sceneContent';
import type { EngineCommand, EngineEvent } from '../engine/protocol';
import type { SaveProblem } from '../machines/saveMachine';
import type { ToastsEvent } from '../machines/toastsMachine';

/**
 * The save toasts: 'Successfully saved scene!' where and as long as the machine says; a failure
 * shows the server's reason when it refused the save (4xx), otherwise the generic 'could not be
 * saved'.
 */
export function saveToasts(toasts: { send(event: ToastsEvent): void }) {
  return {
    showSavedToast: ({ durationMs, placement }: { durationMs: number; placement: 'top-left' }) =>
      toasts.send({
        type: 'toast.show',
        severity: 'success',
        message: 'toasts.sceneSaved',
        durationMs,
        placement,
      }),
    reportError: (problem: SaveProblem) =>
      toasts.send(
        problem.status !== undefined && problem.status < 500 && problem.message
          ? { type: 'toast.show', severity: 'error', message: problem.message, literal: true }
          : { type: 'toast.show', severity: 'error', message: 'toasts.saveFailed' },
      ),
  };
}

/**
 * Exports the engine's document for saves: sends `Editor.Content exportContent` with a request id
 * and resolves with the `exportResult` the engine answers with the same id. Give `handleEvent`
 * every engine event. Answers to other requests (the object list's refreshes) and late answers to
 * requests a save gave up on (time-out) are ignored, so a save never stores an older document.
 */
export function createEngineExport(send: (cmd: EngineCommand) => void) {
  const requests = new Map<string, (content: SceneContent) => void>();
  let next = 0;
  return {
    exportContent(signal: AbortSignal): Promise<SceneContent> {
      return new Promise<SceneContent>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const requestId = `save-${++next}`;
        requests.set(requestId, resolve);
        signal.addEventListener(
          'abort',
          () => {
            requests.delete(requestId);
            reject(signal.reason);
          },
          { once: true },
        );
        send({ channel: 'Editor.Content', method: 'exportContent', payload: { requestId } });
      });
    },
    handleEvent(event: EngineEvent) {
      if (event.type !== 'exportResult' || !event.requestId) return;
      const resolve = requests.get(event.requestId);
      requests.delete(event.requestId);
      resolve?.(event.content);
    },
    /** Requests still waiting for their answer. */
    get pending() {
      return requests.size;
    },
  };
}

/** The engine actor as exports need it: commands in, its events out (engineReadinessMachine). */
export interface EngineActorLike {
  send(event: { type: 'engine.command'; command: EngineCommand }): void;
  on(type: 'engine.event', handler: (emitted: { event: EngineEvent }) => void): { unsubscribe(): void };
}

const exporters = new WeakMap<EngineActorLike, ReturnType<typeof createEngineExport>>();

/** Exports the document of the page's engine actor (one request id sequence per engine). */
export function exportFromEngine(engine: EngineActorLike, signal: AbortSignal): Promise<SceneContent> {
  let exporter = exporters.get(engine);
  if (!exporter) {
    const created = createEngineExport((command) => engine.send({ type: 'engine.command', command }));
    engine.on('engine.event', ({ event }) => created.handleEvent(event));
    exporters.set(engine, created);
    exporter = created;
  }
  return exporter.exportContent(signal);
}
