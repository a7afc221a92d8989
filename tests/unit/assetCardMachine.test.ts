import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { assetCardMachine } from '../../src/machines/assetCardMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

interface PendingDelete {
  assetId: string;
  resolve(): void;
  reject(error: unknown): void;
}

function startCard() {
  const deletes: PendingDelete[] = [];
  const actor = createActor(
    assetCardMachine.provide({
      actors: {
        deleteAsset: fromPromise<unknown, { assetId: string }>(
          ({ input }) =>
            new Promise((resolve, reject) =>
              deletes.push({ assetId: input.assetId, resolve: () => resolve(null), reject }),
            ),
        ),
      },
    }),
    { input: { assetId: 'a1' } },
  ).start();
  return { actor, deletes };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = { message: 'No such asset', status: 404 };

const events = (): AnyEventObject[] => [
  { type: 'delete.requested' },
  { type: 'delete.cancelled' },
  { type: 'delete.confirmed' },
  { type: 'xstate.done.actor.deleteAsset', output: null },
  { type: 'xstate.error.actor.deleteAsset', error: refused },
];

describe('assetCardMachine (model)', () => {
  const model = createPathModel(assetCardMachine, {
    events,
    input: { assetId: 'a1' },
    filterEvents: (snapshot) => snapshot.status !== 'done',
  });
  const paths = getTransitionPaths(model);

  it('covers confirming, cancelling, deleting and failing', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['idle', 'confirming', 'deleting', 'failed', 'deleted']));
  });

  describePaths('replays', paths, (path) => async () => {
    const card = startCard();
    for (const step of replaySteps(path)) {
      const before = card.deletes.length;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done') card.deletes.at(-1)!.resolve();
      else if (result?.kind === 'error') card.deletes.at(-1)!.reject(result.error);
      else card.actor.send(step.event as never);
      await flush();
      const snapshot = card.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      expect(snapshot.hasTag('busy')).toBe(snapshot.matches('deleting'));
      // Nothing is deleted before the owner confirms, and a confirmation deletes once.
      expect(card.deletes.length).toBe(before + (step.event.type === 'delete.confirmed' ? 1 : 0));
    }
  });
});

describe('assetCardMachine', () => {
  it('deletes the asset it shows after confirming, and keeps why a deletion failed', async () => {
    const card = startCard();
    card.actor.send({ type: 'delete.requested' });
    card.actor.send({ type: 'delete.confirmed' });
    expect(card.deletes.map((d) => d.assetId)).toEqual(['a1']);
    card.deletes[0].reject(refused);
    await flush();
    expect(card.actor.getSnapshot().context.error).toEqual(refused);
    card.actor.send({ type: 'delete.requested' });
    card.actor.send({ type: 'delete.confirmed' });
    card.deletes[1].resolve();
    await flush();
    expect(card.actor.getSnapshot().status).toBe('done');
  });
});
