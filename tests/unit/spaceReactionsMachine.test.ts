import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import type { SpaceReactions } from '../../contracts/spaceReactions';
import {
  type ReactionKind,
  type SpaceReactionsSnapshot,
  spaceReactionsMachine,
} from '../../src/machines/spaceReactionsMachine';
import { deferredActors } from '../support/deferredActors';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';

const loaded: SpaceReactions = { sceneId: 's1', likes: 4, liked: false, favourite: false };
/** Another user liked too while ours was on its way: the server's count wins. */
const likedAnswer: SpaceReactions = { sceneId: 's1', likes: 6, liked: true, favourite: false };
const unlikedAnswer: SpaceReactions = { sceneId: 's1', likes: 4, liked: false, favourite: false };
const favouriteAnswer: SpaceReactions = { sceneId: 's1', likes: 4, liked: false, favourite: true };
const refused = { status: 503, message: 'Service unavailable' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const { deferred, calls, answer } = deferredActors();
  const seen = { signIns: 0, failures: [] as ReactionKind[] };
  const actor = createActor(
    spaceReactionsMachine.provide({
      actors: {
        loadReactions: deferred('loadReactions'),
        setLiked: deferred('setLiked'),
        setFavourite: deferred('setFavourite'),
        sessionWatch: fromCallback(() => () => {}),
      } as never,
      actions: {
        askToSignIn: () => void seen.signIns++,
        announceFailure: (_, { kind }: { kind: ReactionKind; error: unknown }) =>
          void seen.failures.push(kind),
      },
    }),
    { input: { sceneId: 's1', likes: 3 } },
  ).start();
  return { actor, calls, seen, answer: (event: AnyEventObject) => answer(actor, event) };
}

const events = (snapshot: SpaceReactionsSnapshot): AnyEventObject[] => [
  { type: 'session.changed', signedIn: true },
  { type: 'session.changed', signedIn: false },
  { type: 'reactions.retry' },
  { type: 'like.toggle' },
  { type: 'favourite.toggle' },
  { type: 'xstate.done.actor.loadReactions', output: loaded },
  { type: 'xstate.error.actor.loadReactions', error: refused },
  {
    type: 'xstate.done.actor.setLiked',
    output: snapshot.context.liked ? likedAnswer : unlikedAnswer,
  },
  { type: 'xstate.error.actor.setLiked', error: refused },
  {
    type: 'xstate.done.actor.setFavourite',
    output: { ...favouriteAnswer, favourite: snapshot.context.favourite },
  },
  { type: 'xstate.error.actor.setFavourite', error: refused },
];

/** What a person looking at the buttons notices. */
function shown(snapshot: SpaceReactionsSnapshot) {
  return {
    likes: snapshot.context.likes,
    liked: snapshot.context.liked,
    favourite: snapshot.context.favourite,
    loading: snapshot.hasTag('loading'),
    canLike: snapshot.can({ type: 'like.toggle' }),
    canFavourite: snapshot.can({ type: 'favourite.toggle' }),
  };
}

describe('spaceReactionsMachine (model)', () => {
  const model = createPathModel(spaceReactionsMachine, {
    input: { sceneId: 's1', likes: 3 },
    events,
    // Sessions change at most twice on a path: enough to reach every state both ways.
    filterEvents: (snapshot, event) =>
      event.type !== 'session.changed' || !snapshot.context.signedIn || !snapshot.matches('ready'),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every kind of event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect([...new Set(steps.map((step) => JSON.stringify(step.state.value)))].sort()).toEqual(
      [
        '"starting"',
        '"loading"',
        '"unavailable"',
        '{"ready":{"like":"idle","favourite":"idle"}}',
        '{"ready":{"like":"saving","favourite":"idle"}}',
        '{"ready":{"like":"idle","favourite":"saving"}}',
        '{"ready":{"like":"saving","favourite":"saving"}}',
      ].sort(),
    );
    expect([...new Set(steps.map((step) => step.event.type))].sort()).toEqual(
      [
        'xstate.init',
        'session.changed',
        'reactions.retry',
        'like.toggle',
        'favourite.toggle',
        'xstate.done.actor.loadReactions',
        'xstate.error.actor.loadReactions',
        'xstate.done.actor.setLiked',
        'xstate.error.actor.setLiked',
        'xstate.done.actor.setFavourite',
        'xstate.error.actor.setFavourite',
      ].sort(),
    );
  });

  describePaths('replays', paths, (path) => async () => {
    const r = start();
    for (const step of replaySteps(path)) {
      const before = r.actor.getSnapshot();
      const callsBefore = r.calls.length;
      const seenBefore = { signIns: r.seen.signIns, failures: r.seen.failures.length };
      r.answer(step.event);
      await flush();
      const after = r.actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(after.context).toEqual(step.state.context);
      const newCalls = r.calls.slice(callsBefore).map(({ name, input }) => ({ name, input }));
      const result = invokedActorResult(step.event);
      const signedIn = before.context.signedIn;
      switch (step.event.type) {
        case 'like.toggle':
          if (!signedIn) {
            // Signed out: asks to sign in, nothing changes.
            expect(r.seen.signIns).toBe(seenBefore.signIns + 1);
            expect(shown(after)).toEqual(shown(before));
            expect(newCalls).toEqual([]);
          } else {
            // Optimistic: the heart and the count change at once, the server is asked.
            expect(after.context.liked).toBe(!before.context.liked);
            expect(after.context.likes).toBe(before.context.likes + (before.context.liked ? -1 : 1));
            expect(newCalls).toEqual([
              { name: 'setLiked', input: { sceneId: 's1', liked: !before.context.liked } },
            ]);
            expect(after.can({ type: 'like.toggle' })).toBe(false);
          }
          break;
        case 'favourite.toggle':
          if (!signedIn) {
            expect(r.seen.signIns).toBe(seenBefore.signIns + 1);
            expect(shown(after)).toEqual(shown(before));
          } else {
            expect(after.context.favourite).toBe(!before.context.favourite);
            expect(after.context.likes).toBe(before.context.likes);
            expect(newCalls).toEqual([
              { name: 'setFavourite', input: { sceneId: 's1', favourite: !before.context.favourite } },
            ]);
          }
          break;
        case 'session.changed':
          // Another user: the reactions load again, for them.
          expect(after.hasTag('loading')).toBe(true);
          expect(newCalls).toEqual([{ name: 'loadReactions', input: { sceneId: 's1' } }]);
          break;
        default:
          if (result?.actorId === 'setLiked' && result.kind === 'done') {
            // The server's count wins (others like too).
            expect(after.context.likes).toBe((result.output as SpaceReactions).likes);
          } else if (result?.kind === 'error' && result.actorId !== 'loadReactions') {
            // Refused: what the toggle changed is put back, and the user is told.
            const kind = result.actorId === 'setLiked' ? 'like' : 'favourite';
            expect(r.seen.failures.slice(seenBefore.failures)).toEqual([kind]);
            if (kind === 'like') {
              expect(after.context.liked).toBe(!before.context.liked);
              expect(after.context.likes).toBe(before.context.likes + (before.context.liked ? -1 : 1));
            } else expect(after.context.favourite).toBe(!before.context.favourite);
          } else if (result?.actorId === 'loadReactions' && result.kind === 'error') {
            expect(after.matches('unavailable')).toBe(true);
            expect(after.can({ type: 'like.toggle' })).toBe(false);
          }
      }
      if (step.event.type !== 'like.toggle' && step.event.type !== 'favourite.toggle')
        expect(r.seen.signIns).toBe(seenBefore.signIns);
      if (!(result?.kind === 'error' && result.actorId !== 'loadReactions'))
        expect(r.seen.failures).toHaveLength(seenBefore.failures);
    }
  });
});

describe('spaceReactionsMachine', () => {
  it('shows the count it was given until the server answers', () => {
    const r = start();
    expect(shown(r.actor.getSnapshot())).toMatchObject({ likes: 3, loading: true, canLike: false });
  });
});
