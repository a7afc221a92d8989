import type { EngineAdapter } from '../protocol';
import { WebEngine } from './engine';

/**
 * The built-in three.js engine, loaded as its own chunk (`import('./web')`) by the engine host only.
 */
export function createWebEngine(container: HTMLElement): EngineAdapter {
  return new WebEngine(container);
}
