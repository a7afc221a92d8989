import { parentPort } from 'node:worker_threads';
import { checkContentBytes } from './content';

/** The content check worker (see ContentChecker): one document per message, answered in order. */
parentPort?.on('message', (message: { id: number; bytes: Uint8Array; receivedIds?: boolean }) => {
  let verdict;
  try {
    verdict = checkContentBytes(message.bytes, { receivedIds: message.receivedIds });
  } catch (error) {
    verdict = {
      ok: false as const,
      issues: [{ path: '', message: error instanceof Error ? error.message : String(error) }],
    };
  }
  parentPort?.postMessage({ id: message.id, verdict });
});
