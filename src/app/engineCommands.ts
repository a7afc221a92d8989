import type { AnyActorRef } from 'xstate';
import type { EngineCommand } from '../engine/protocol';

interface ActorFinder {
  get(systemId: string): AnyActorRef | undefined;
}

/** Commands for a page's engine sent before its engine actor exists, by system. */
const early = new WeakMap<ActorFinder, EngineCommand[]>();

/**
 * Sends a command to the page's engine actor (systemId `engine`), which holds it until the engine
 * is ready. A command sent before the page's engine actor exists (a panel that starts before the
 * engine's host has mounted) waits for it: `takeEarlyCommands` hands it over when it starts.
 */
export function commandEngine(system: ActorFinder, command: EngineCommand) {
  const engine = system.get('engine');
  if (engine) engine.send({ type: 'engine.command', command });
  else early.set(system, [...(early.get(system) ?? []), command]);
}

/** The commands sent before the engine actor of `system` started, oldest first (then forgotten). */
export function takeEarlyCommands(system: ActorFinder): EngineCommand[] {
  const commands = early.get(system) ?? [];
  early.delete(system);
  return commands;
}
