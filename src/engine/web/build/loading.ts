import type { AssetFailure } from '../../protocol';

/**
 * Loading files for a space, with progress counted over everything the space needs. Requests go
 * out all at once: the browser already queues them per connection.
 */

export class Progress {
  private total = 0;
  private done = 0;
  constructor(private readonly report: (percent: number) => void) {}

  /** Counts a task and returns the function that marks it done. */
  task(): () => void {
    this.total++;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.done++;
      this.report(this.percent());
    };
  }

  percent(): number {
    return this.total === 0 ? 100 : Math.min(100, Math.round((this.done / this.total) * 1000) / 10);
  }
}

export class LoadError extends Error {
  constructor(
    readonly uri: string,
    message: string,
    /** Why, in terms the page can put in words (see `assetFailureReasons`). */
    readonly failure?: AssetFailure,
  ) {
    super(message);
  }
}

/** Fetches and decodes a picture; rejects with a LoadError saying what went wrong. */
export async function loadBitmap(uri: string, signal?: AbortSignal): Promise<ImageBitmap> {
  let response: Response;
  try {
    response = await fetch(uri, { signal, credentials: 'same-origin' });
  } catch (error) {
    throw new LoadError(uri, `Failed to load image: ${(error as Error).message}`);
  }
  if (!response.ok) throw new LoadError(uri, `Failed to load image: the server answered ${response.status}`);
  try {
    return await createImageBitmap(await response.blob());
  } catch {
    throw new LoadError(uri, 'Failed to load image: the file is not a picture this browser can show');
  }
}
