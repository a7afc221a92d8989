import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import { type ContactForm, contactMessages } from '../../contracts/contact';
import {
  type ContactFormEvent,
  contactFormMachine,
  type ContactFormSnapshot,
} from '../../src/machines/contactFormMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';
import { pendingCalls } from '../support/pendingCalls';

function startForm() {
  const { calls: sends, actor: fake, running } = pendingCalls<'send'>();
  const actor = createActor(contactFormMachine.provide({ actors: { send: fake('send') } } as never)).start();
  return { actor, sends, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const values: ContactForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  inquiryType: 'general',
  country: 'GB',
  message: 'Hello',
};
const invalid = {
  status: 400,
  code: 'VALIDATION_FAILED',
  message: 'Some fields are not valid',
  details: [{ path: '/email', message: contactMessages.emailInvalid }],
};
const tooMany = { status: 429, code: 'RATE_LIMITED', message: contactMessages.tooMany };
const offline = { message: 'Failed to fetch' };

const events = (): AnyEventObject[] => [
  { type: 'form.submit', values },
  { type: 'form.again' },
  { type: 'xstate.done.actor.send', output: contactMessages.sent },
  { type: 'xstate.error.actor.send', error: invalid },
  { type: 'xstate.error.actor.send', error: tooMany },
  { type: 'xstate.error.actor.send', error: offline },
];

describe('contactFormMachine (model)', () => {
  const model = createPathModel(contactFormMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...states].sort()).toEqual(['editing', 'sending', 'sent']);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events()) expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const form = startForm();
    for (const step of replaySteps(path)) {
      const before = form.sends.length;
      const result = invokedActorResult(step.event);
      if (result?.kind === 'done')
        form
          .running()
          .at(-1)!
          .resolve(result.output as string);
      else if (result?.kind === 'error') form.running().at(-1)!.reject(result.error);
      else form.actor.send(step.event as ContactFormEvent);
      await flush();

      const snapshot = form.actor.getSnapshot();
      const expected = step.state as ContactFormSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // One message is on its way exactly while sending, with what the user typed; never twice.
      expect(form.running()).toHaveLength(snapshot.hasTag('busy') ? 1 : 0);
      const submitted = step.event.type === 'form.submit' && snapshot.matches('sending');
      expect(form.sends).toHaveLength(before + (submitted ? 1 : 0));
      if (submitted) expect(form.sends.at(-1)!.input).toEqual(values);
      // The thanks show only once sent; a refusal carries the server's words and its fields.
      expect(snapshot.context.sent !== null).toBe(snapshot.matches('sent'));
      if (step.event.type === 'xstate.error.actor.send') {
        const problem = snapshot.context.problem!;
        const error = (step.event as unknown as { error: { message: string; status?: number } }).error;
        expect(problem.message).toBe(error.message);
        expect(problem.refused).toBe(error.status !== undefined);
        expect(problem.fields).toEqual(error === invalid ? invalid.details : []);
      }
    }
  });
});

describe('contactFormMachine', () => {
  it('forgets a refusal once the message goes through', async () => {
    const form = startForm();
    form.actor.send({ type: 'form.submit', values });
    form.sends[0]!.reject(tooMany);
    await flush();
    expect(form.actor.getSnapshot().context.problem?.message).toBe(contactMessages.tooMany);
    form.actor.send({ type: 'form.submit', values });
    form.sends[1]!.resolve(contactMessages.sent);
    await flush();
    expect(form.actor.getSnapshot().context).toEqual({ problem: null, sent: contactMessages.sent });
  });
});
