import { type AnyEventObject, fromPromise } from 'xstate';
import { invokedActorResult } from './machinePaths';

export interface DeferredCall {
  name: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Fake promise actors whose answers the test gives: each start is recorded with its input, and
 * `answer` settles the latest start of an actor from a model event (`xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>`), or sends any other event to the actor under test.
 */
export function deferredActors() {
  const calls: DeferredCall[] = [];
  const deferred = (name: string) =>
    fromPromise(
      ({ input }: { input: unknown }) =>
        new Promise<never>((resolve, reject) =>
          calls.push({ name, input, resolve: resolve as (value: unknown) => void, reject }),
        ),
    );
  const latest = (name: string) => {
    const call = calls.filter((c) => c.name === name).at(-1);
    if (!call) throw new Error(`${name} was never started`);
    return call;
  };
  const answer = (actor: { send: (event: never) => void }, event: AnyEventObject) => {
    const result = invokedActorResult(event);
    if (result?.kind === 'done') latest(result.actorId).resolve(result.output);
    else if (result?.kind === 'error') latest(result.actorId).reject(result.error);
    else actor.send(event as never);
  };
  return { calls, deferred, latest, answer };
}
