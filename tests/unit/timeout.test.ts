import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, chunkTimeoutMs, withTimeout } from '../../src/lib/timeout';

describe('withTimeout (lazy page loading)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up after 60 s with the chunk time-out message', async () => {
    expect(chunkTimeoutMs).toBe(60_000);
    const result = withTimeout(new Promise(() => {}));
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow('Failed to load chunked component due to timeout');
    await expect(result).rejects.toBeInstanceOf(ChunkTimeoutError);
  });

  it('passes a page that arrives in time through, and its own failure too', async () => {
    await expect(withTimeout(Promise.resolve('page'))).resolves.toBe('page');
    await expect(withTimeout(Promise.reject(new Error('network')))).rejects.toThrow('network');
  });
});
