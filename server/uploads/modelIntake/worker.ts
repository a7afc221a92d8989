import { parentPort } from 'node:worker_threads';
import { convertModel, type IntakePart } from './convert';
import { IntakeFailure } from './failure';
import type { ModelIntakeLimits } from './limits';

/** The model intake worker (see ModelIntake): one upload per message, the GLB posted back. */
parentPort?.on('message', (message: { id: number; parts: IntakePart[]; limits: ModelIntakeLimits }) => {
  convertModel(message.parts, message.limits).then(
    (result) => parentPort?.postMessage({ id: message.id, result }, [result.glb.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        failure:
          error instanceof IntakeFailure
            ? { code: error.code, message: error.message, details: error.details }
            : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) },
      }),
  );
});
parentPort?.postMessage({ ready: true });
