import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs jitless once src/zodJitless has run, and never asks for new Function', async () => {
    vi.resetModules();
    await import('../../src/zodJitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const evaluate = vi.spyOn(globalThis, 'Function');
    const Space = z.object({ sceneId: z.string(), tags: z.array(z.string()).min(3) });
    expect(Space.safeParse({ sceneId: 'a', tags: ['x', 'y', 'z'] }).success).toBe(true);
    expect(Space.safeParse({ sceneId: 'a', tags: ['x'] }).success).toBe(false);
    expect(evaluate).not.toHaveBeenCalled();
  });
});
