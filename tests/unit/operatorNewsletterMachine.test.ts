import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { NewsletterList } from '../../contracts/newsletter';
import {
  type OperatorNewsletterEvent,
  operatorNewsletterMachine,
  type OperatorNewsletterSnapshot,
} from '../../src/machines/operatorNewsletterMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';
import { pendingCalls } from '../support/pendingCalls';

type ActorName = 'loadNewsletter' | 'sendNewsletter';

function startNewsletter() {
  const { calls, actor: fake, running } = pendingCalls<ActorName>();
  const actor = createActor(
    operatorNewsletterMachine.provide({
      actors: { loadNewsletter: fake('loadNewsletter'), sendNewsletter: fake('sendNewsletter') },
    } as never),
  ).start();
  return { actor, calls, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const list: NewsletterList = { confirmed: 3, pending: 1, unsubscribed: 0, lastIssue: null };
const empty: NewsletterList = { confirmed: 0, pending: 2, unsubscribed: 1, lastIssue: null };
const forbidden = { status: 403, message: 'Only the operators of this platform can open the operator area' };
const offline = { message: 'Failed to fetch' };
const issue = { subject: ' Autumn ', text: ' Three new exhibitions. ' };

const events = (): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadNewsletter', output: list },
  { type: 'xstate.done.actor.loadNewsletter', output: empty },
  { type: 'xstate.error.actor.loadNewsletter', error: forbidden },
  { type: 'xstate.error.actor.loadNewsletter', error: offline },
  { type: 'xstate.done.actor.sendNewsletter', output: { recipients: 3 } },
  { type: 'xstate.error.actor.sendNewsletter', error: offline },
  { type: 'newsletter.reload' },
  { type: 'newsletter.send', ...issue },
  { type: 'newsletter.send', subject: '  ', text: 'No subject' },
  { type: 'newsletter.send', subject: 'Too long', text: 'x'.repeat(20_001) },
];

describe('operatorNewsletterMachine (model)', () => {
  const model = createPathModel(operatorNewsletterMachine, {
    events,
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        confirmed: s.context.list?.confirmed ?? null,
        error: s.context.error !== null,
        sent: s.context.sent,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of ['"loading"', '"failed"', '"denied"', '{"ready":"idle"}', '{"ready":"sending"}'])
      expect(states).toContain(state);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events()) expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const newsletter = startNewsletter();
    for (const step of replaySteps(path)) {
      const before = newsletter.calls.length;
      const result = invokedActorResult(step.event);
      const pending = newsletter.running().at(-1);
      if (result?.kind === 'done') pending!.resolve(result.output);
      else if (result?.kind === 'error') pending!.reject(result.error);
      else newsletter.actor.send(step.event as OperatorNewsletterEvent);
      await flush();

      const snapshot = newsletter.actor.getSnapshot();
      const expected = step.state as OperatorNewsletterSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(newsletter.running()).toHaveLength(snapshot.hasTag('busy') ? 1 : 0);
      // Only a trimmed issue within the limits goes out, and only with someone to send it to.
      if (snapshot.matches({ ready: 'sending' })) {
        expect(newsletter.calls.length).toBe(before + 1);
        expect(newsletter.calls.at(-1)!.input).toEqual({ subject: 'Autumn', text: 'Three new exhibitions.' });
        expect(snapshot.context.list!.confirmed).toBeGreaterThan(0);
      }
      // A sent issue reads the list again, for its new last issue, and says how many it went to.
      if (step.event.type === 'xstate.done.actor.sendNewsletter')
        expect(snapshot.matches('loading') && snapshot.context.sent === 3).toBe(true);
    }
  });
});

describe('operatorNewsletterMachine', () => {
  it('keeps the list and shows why when a send is refused', async () => {
    const newsletter = startNewsletter();
    newsletter.calls[0]!.resolve(list);
    await flush();
    newsletter.actor.send({ type: 'newsletter.send', ...issue });
    newsletter.calls[1]!.reject({ status: 422, message: 'Nobody has confirmed a newsletter sign-up yet' });
    await flush();
    const snapshot = newsletter.actor.getSnapshot();
    expect(snapshot.value).toEqual({ ready: 'idle' });
    expect(snapshot.context).toMatchObject({
      list,
      sent: null,
      error: 'Nobody has confirmed a newsletter sign-up yet',
    });
  });
});
