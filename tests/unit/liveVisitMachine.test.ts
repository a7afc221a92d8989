import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, createMachine, fromCallback, waitFor } from 'xstate';
import type { LiveInstanceEntered } from '../../contracts/live';
import { type LiveVisitEvent, liveVisitMachine } from '../../src/machines/liveVisitMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const visitor = (userId: string) => ({ userId, name: userId.toUpperCase(), profilePicture: null });
const entered = (instanceId: string, communication = true): LiveInstanceEntered => ({
  userId: 'me',
  sceneId: 's1',
  instanceId,
  visitors: [visitor('me')],
  communication,
});
const refused = new Error(
  "An unexpected error occurred invoking 'JoinScene' on the server. HubException: No such space",
);
const fromHub = new Set(['live.connected', 'live.offline', 'live.message']);

/** The machine with a deferred join, a hub watch whose reports the test sends, and an idle hub. */
function startVisit() {
  const fakes = deferredActors();
  let report: ((event: LiveVisitEvent) => void) | undefined;
  let released = 0;
  const chatEvents: AnyEventObject[] = [];
  const actor = createActor(
    liveVisitMachine.provide({
      actors: {
        hub: createMachine({}),
        chat: fromCallback(({ receive }) => {
          receive((event) => chatEvents.push(event));
        }),
        join: fakes.deferred('join'),
        watchHub: fromCallback<LiveVisitEvent>(({ sendBack }) => {
          report = sendBack;
        }),
        release: fromCallback(() => () => void (released += 1)),
      } as never,
    }),
    { input: { sceneId: 's1' } },
  ).start();
  const play = (event: AnyEventObject) => {
    if (fromHub.has(event.type)) report!(event as LiveVisitEvent);
    else fakes.answer(actor, event);
  };
  return { actor, fakes, play, chatEvents, released: () => released };
}

const withoutHub = (context: object) => {
  const { hub: _hub, chat: _chat, ...rest } = context as { hub: unknown; chat: unknown };
  return rest;
};

const model = createPathModel(liveVisitMachine, {
  input: { sceneId: 's1' },
  serializeState: (s) => JSON.stringify({ value: s.value, context: withoutHub(s.context) }),
  events: () => [
    { type: 'live.connected' },
    { type: 'live.offline' },
    { type: 'xstate.done.actor.join', output: entered('1') },
    { type: 'xstate.done.actor.join', output: entered('2', false) },
    { type: 'xstate.error.actor.join', error: refused },
    {
      type: 'live.message',
      target: 'LiveVisitorsInMySceneInstance',
      args: [[visitor('me'), visitor('ana')]],
    },
    { type: 'live.message', target: 'LiveVisitorCountInMyScene', args: [{ sceneId: 's1', count: 5 }] },
    { type: 'live.message', target: 'LiveVisitorCountInMyScene', args: [{ sceneId: 'other', count: 9 }] },
    { type: 'live.message', target: 'PublicMessage', args: [{ id: 'm1', text: 'hi', sceneId: 's1' }] },
  ],
});

describePaths('live visit machine (model)', getTransitionPaths(model), (path) => async () => {
  const visit = startVisit();
  let lastInstance: string | null = null;
  for (const step of replaySteps(path)) {
    const joinsBefore = visit.fakes.calls.filter((c) => c.name === 'join').length;
    visit.play(step.event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = visit.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(withoutHub(snapshot.context)).toEqual(withoutHub(step.state.context));
    const joins = visit.fakes.calls.filter((c) => c.name === 'join');
    if (joins.length > joinsBefore) {
      // Each join asks for the space, and after a reconnect for the instance the visitor was in.
      expect(joins.at(-1)!.input).toEqual({ sceneId: 's1', instanceId: lastInstance });
    }
    // Present means known to be in an instance with at least the visitor in the count.
    if (snapshot.matches('present')) {
      expect(snapshot.context.instanceId).not.toBeNull();
      expect(snapshot.context.count).toBeGreaterThan(0);
    }
    if (!snapshot.matches('present')) expect(snapshot.context.count).toBe(0);
    // The chat is open exactly while the visitor is present (disabled where they may not talk).
    const chatState = visit.chatEvents.filter((e) => e.type !== 'chat.received').at(-1);
    if (snapshot.matches('present'))
      expect(chatState).toEqual({
        type: snapshot.context.communication ? 'chat.available' : 'chat.disabled',
        userId: 'me',
      });
    else expect(chatState?.type ?? 'chat.unavailable').toBe('chat.unavailable');
    // Every public message reaches the chat.
    if (step.event.type === 'live.message' && (step.event as { target?: string }).target === 'PublicMessage')
      expect(visit.chatEvents.at(-1)).toEqual({
        type: 'chat.received',
        message: { id: 'm1', text: 'hi', sceneId: 's1' },
      });
    lastInstance = snapshot.context.instanceId;
  }
  visit.actor.stop();
  expect(visit.released()).toBe(1);
});

describe('live visit machine', () => {
  it('rejoins the instance it was in after the connection came back', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('3') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({ type: 'live.offline' });
    expect(visit.actor.getSnapshot().value).toBe('offline');
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.calls.filter((c) => c.name === 'join').map((c) => c.input)).toEqual([
      { sceneId: 's1', instanceId: null },
      { sceneId: 's1', instanceId: '3' },
    ]);
    visit.actor.stop();
  });

  it('keeps the reason of a refusal and stays out', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.error.actor.join', error: refused });
    await waitFor(visit.actor, (s) => s.matches('refused'));
    expect(visit.actor.getSnapshot().context.error).toMatch(/No such space/);
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.calls.filter((c) => c.name === 'join')).toHaveLength(1);
    visit.actor.stop();
  });
});
