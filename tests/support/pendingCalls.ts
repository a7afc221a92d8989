import { fromPromise } from 'xstate';

/** One call of a fake promise actor, settled by the test. */
export interface PendingCall<Name extends string = string> {
  name: Name;
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Fake promise actors whose calls wait until the test settles them: `actor(name)` for
 * `machine.provide`, every call kept in `calls`, `running()` the unsettled and not aborted ones.
 */
export function pendingCalls<Name extends string>() {
  const calls: PendingCall<Name>[] = [];
  const actor = (name: Name) =>
    fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call: PendingCall<Name> = {
            name,
            input,
            signal,
            settled: false,
            resolve: (answer) => ((call.settled = true), resolve(answer)),
            reject: (error) => ((call.settled = true), reject(error)),
          };
          calls.push(call);
        }),
    );
  const running = () => calls.filter((c) => !c.settled && !c.signal.aborted);
  return { calls, actor, running };
}
