/** How long a lazily loaded page may take to arrive (platform.md §2.1, §9). */
export const chunkTimeoutMs = 60_000;

/** Raised when a page's code does not arrive in time; its message is a catalogue key. */
export class ChunkTimeoutError extends Error {
  readonly messageKey = 'errors.chunkLoadTimeout';
  constructor() {
    super('Failed to load chunked component due to timeout');
    this.name = 'ChunkTimeoutError';
  }
}

/** Settles like `promise`, or rejects with ChunkTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
