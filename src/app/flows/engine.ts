import { fromCallback, fromPromise } from 'xstate';
import { startupSettings } from '../../engine/host/enginePort';
import {
  type EnginePort,
  type EngineReadinessEvent,
  engineReadinessMachine,
} from '../../machines/engineReadinessMachine';
import { takeEarlyCommands } from '../engineCommands';
import type { AppServices } from '../services';

/**
 * The `engine` flow of a page that hosts the 3D engine: the readiness machine driving the engine
 * through the port its host gives (`input.port`). Stopping the flow (the page goes) unloads it.
 */
export default function engineFlows(_services: AppServices) {
  return {
    engine: engineReadinessMachine.provide({
      actors: {
        checkLoaded: fromPromise(async ({ input }) => input.port?.isLoaded() ?? false),
        unload: fromPromise(async ({ input }) => input.port?.unload()),
        listen: fromCallback<EngineReadinessEvent, { port: EnginePort | null }>(
          ({ input, system, sendBack }) => {
            // What other actors asked of the engine before this page's engine actor existed.
            for (const command of takeEarlyCommands(system)) sendBack({ type: 'engine.command', command });
            const port = input.port;
            if (!port) return () => {};
            const stop = port.listen((event) => sendBack({ type: 'engine.reported', event }));
            // The page went without saying so first: the engine goes with it.
            return () => {
              stop();
              void port.unload();
            };
          },
        ),
      },
      actions: {
        sendStartup: ({ context }, { mode }) =>
          context.port?.deliver({
            channel: 'Startup',
            method: 'start',
            payload: { mode, settings: startupSettings(context.port?.settings()) },
          }),
        setInputEnabled: ({ context }, { enabled }) =>
          context.port?.deliver({ channel: 'Character', method: 'setInputEnabled', payload: { enabled } }),
        setKeyboardCapture: ({ context }, { enabled }) =>
          context.port?.deliver({ channel: 'Core', method: 'setKeyboardCapture', payload: { enabled } }),
        deliver: ({ context }, { command }) => context.port?.deliver(command),
        reloadEngine: ({ context }) => context.port?.reload(),
        warn: (_, { message }) => console.warn(message),
      },
    }),
  };
}
