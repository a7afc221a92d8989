import type { HostedEngine } from './enginePort';

/**
 * Starts the built-in three.js engine in `container`. Its code is its own chunk, downloaded here
 * and nowhere else, so only the editor, viewer and inspector pages pay for it (the engine chunk
 * budget). Never import '../web' statically.
 */
export async function startWebEngine(container: HTMLElement): Promise<HostedEngine> {
  const { createWebEngine } = await import(/* webpackChunkName: "engine" */ '../web');
  const engine = createWebEngine(container);
  return {
    send: (cmd) => engine.send(cmd),
    on: (listener) => engine.on(listener),
    unload: () => engine.unload(),
    // Created means loaded: its code is here and it takes commands.
    isLoaded: () => true,
  };
}
