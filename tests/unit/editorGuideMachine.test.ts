import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import { type EditorGuideEvent, editorGuideMachine } from '../../src/machines/editorGuideMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

/**
 * The guide with a fake user record: `seenWatch` tells what the record says (and every change),
 * `rememberSeen` writes it, as the app's flow does with the user service and the session.
 */
function startGuide(record: { seen: boolean | null }) {
  const listeners = new Set<(seen: boolean | null) => void>();
  const tell = (seen: boolean | null) => {
    record.seen = seen;
    for (const listener of listeners) listener(seen);
  };
  let remembered = 0;
  const actor = createActor(
    editorGuideMachine.provide({
      actors: {
        seenWatch: fromCallback<EditorGuideEvent>(({ sendBack }) => {
          const listener = (seen: boolean | null) => sendBack({ type: 'profile.guideSeen', seen });
          listeners.add(listener);
          listener(record.seen);
          return () => listeners.delete(listener);
        }),
      },
      actions: {
        rememberSeen: () => {
          remembered++;
          tell(true);
        },
      },
    }),
  ).start();
  return { actor, tell, remembered: () => remembered };
}

// A record loading again (seen: null) is refused, so it is never a step of the model.
const events = (): AnyEventObject[] => [
  { type: 'profile.guideSeen', seen: null },
  { type: 'profile.guideSeen', seen: false },
  { type: 'profile.guideSeen', seen: true },
  { type: 'guide.opened' },
  { type: 'guide.closed' },
];

describe('editorGuideMachine (model)', () => {
  const model = createPathModel(editorGuideMachine, { events });

  describePaths('replays', getTransitionPaths(model), (path) => async () => {
    // The record is still loading when the page opens; the path's events tell what it says.
    const guide = startGuide({ seen: null });
    expect(guide.actor.getSnapshot().value).toBe('deciding');
    for (const step of replaySteps(path)) {
      const before = guide.actor.getSnapshot();
      const rememberedBefore = guide.remembered();
      if (step.event.type === 'profile.guideSeen') guide.tell(step.event.seen as boolean | null);
      else guide.actor.send(step.event as EditorGuideEvent);
      const snapshot = guide.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);

      // It opens by itself exactly when the record says the guide was never seen.
      if (before.matches('deciding') && step.event.type === 'profile.guideSeen' && step.event.seen !== null)
        expect(snapshot.value).toBe(step.event.seen ? 'closed' : 'open');
      // Closing it the first time remembers it, once; closing it again (from help) stores nothing.
      if (step.event.type === 'guide.closed' && before.matches('open'))
        expect(guide.remembered()).toBe(rememberedBefore + (before.context.seen === false ? 1 : 0));
      else expect(guide.remembered()).toBe(rememberedBefore);
      // The help button opens it whatever the record says.
      if (step.event.type === 'guide.opened') expect(snapshot.value).toBe('open');
    }
  });
});

describe('editorGuideMachine', () => {
  it('opens on the first visit only: once closed, the next visit does not open it', () => {
    const record = { seen: false as boolean | null };

    const first = startGuide(record);
    expect(first.actor.getSnapshot().value).toBe('open');
    first.actor.send({ type: 'guide.closed' });
    expect(first.actor.getSnapshot().value).toBe('closed');
    expect(first.remembered()).toBe(1);
    expect(record.seen).toBe(true);
    first.actor.stop();

    const second = startGuide(record);
    expect(second.actor.getSnapshot().value).toBe('closed');
    // The help button still opens it, and closing it stores nothing more.
    second.actor.send({ type: 'guide.opened' });
    expect(second.actor.getSnapshot().value).toBe('open');
    second.actor.send({ type: 'guide.closed' });
    expect(second.actor.getSnapshot().value).toBe('closed');
    expect(second.remembered()).toBe(0);
  });

  it('waits for the user record before it decides', () => {
    const guide = startGuide({ seen: null });
    expect(guide.actor.getSnapshot().value).toBe('deciding');
    guide.tell(false);
    expect(guide.actor.getSnapshot().value).toBe('open');
    // A record that is loading again (or gone at sign-out) does not make it forget.
    guide.tell(null);
    expect(guide.actor.getSnapshot().context.seen).toBe(false);
  });
});
