import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import type { SceneMetadata } from '../../contracts/scenes';
import { homeSpacesCount, homeSpacesMachine } from '../../src/machines/homeSpacesMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const space = (n: number) => ({ sceneId: `s${n}`, title: `Space ${n}`, views: 100 - n }) as SceneMetadata;
const spaces = (count: number) => Array.from({ length: count }, (_, i) => space(i + 1));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function startRow(input: { count?: number } | undefined) {
  const { deferred, calls, answer } = deferredActors();
  const actor = createActor(
    homeSpacesMachine.provide({ actors: { loadSpaces: deferred('loadSpaces') } as never }),
    {
      input,
    },
  ).start();
  return { actor, calls, answer: (event: AnyEventObject) => answer(actor, event) };
}

/** The server's answers: more than the row holds, exactly as many, fewer, none, or a failure. */
const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadSpaces', output: spaces(homeSpacesCount + 2) },
  { type: 'xstate.done.actor.loadSpaces', output: spaces(2) },
  { type: 'xstate.done.actor.loadSpaces', output: spaces(1) },
  { type: 'xstate.done.actor.loadSpaces', output: [] },
  { type: 'xstate.error.actor.loadSpaces', error: { status: 503, message: 'Unavailable' } },
];

for (const input of [undefined, { count: 2 }]) {
  const count = input?.count ?? homeSpacesCount;
  describe(`homeSpacesMachine (model, ${count} spaces)`, () => {
    const model = createPathModel(homeSpacesMachine, { input, events });
    const paths = getTransitionPaths(model);

    it('ends shown or hidden after every answer', () => {
      expect(paths).toHaveLength(events().length);
      expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['shown', 'hidden']));
    });

    describePaths('replays', paths, (path) => async () => {
      const row = startRow(input);
      // It asks once, for as many spaces as the row holds.
      expect(row.calls.map((call) => [call.name, call.input])).toEqual([['loadSpaces', { count }]]);
      expect(row.actor.getSnapshot().hasTag('loading')).toBe(true);
      for (const step of replaySteps(path)) {
        row.answer(step.event);
        await flush();
        const snapshot = row.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        expect(row.calls).toHaveLength(1);
        expect(snapshot.hasTag('loading')).toBe(false);
        // What the visitor sees: the first `count` spaces of the answer, or no row at all.
        const output = (step.event as { output?: SceneMetadata[] }).output;
        if (output?.length) {
          expect(snapshot.matches('shown')).toBe(true);
          expect(snapshot.context.spaces).toEqual(output.slice(0, count));
          expect(snapshot.context.spaces.length).toBe(Math.min(count, output.length));
        } else {
          expect(snapshot.matches('hidden')).toBe(true);
          expect(snapshot.context.spaces).toEqual([]);
        }
      }
    });
  });
}

describe('homeSpacesMachine', () => {
  it(`holds ${homeSpacesCount} spaces unless told otherwise`, () => {
    expect(homeSpacesCount).toBe(8);
    const row = startRow(undefined);
    expect(row.actor.getSnapshot().context).toEqual({ count: 8, spaces: [] });
    expect(row.calls[0].input).toEqual({ count: 8 });
  });

  it('cancels the request when the home page goes', () => {
    let signal: AbortSignal | undefined;
    const actor = createActor(
      homeSpacesMachine.provide({
        actors: {
          loadSpaces: fromPromise<SceneMetadata[], { count: number }>(
            ({ signal: s }) => ((signal = s), new Promise<never>(() => {})),
          ),
        },
      }),
      { input: undefined },
    ).start();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('stays hidden when no loadSpaces actor was provided', async () => {
    const actor = createActor(homeSpacesMachine, { input: { count: 3 } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
