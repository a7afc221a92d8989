import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { MailMessage, MailPage, MailSummary } from '../../contracts/operator';
import {
  type MailListInput,
  type OperatorMailEvent,
  operatorMailMachine,
  operatorMailPageSize,
  type OperatorMailSnapshot,
} from '../../src/machines/operatorMailMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';
import { pendingCalls } from '../support/pendingCalls';

type ActorName = 'loadMail' | 'loadMessage' | 'resendMail';

function startMail() {
  const { calls, actor: fake, running } = pendingCalls<ActorName>();
  const actor = createActor(
    operatorMailMachine.provide({
      actors: {
        loadMail: fake('loadMail'),
        loadMessage: fake('loadMessage'),
        resendMail: fake('resendMail'),
      },
    } as never),
  ).start();
  return { actor, calls, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const summary = (id: string, status: MailSummary['status']): MailSummary => ({
  id,
  to: `${id}@example.org`,
  subject: `Subject ${id}`,
  status,
  createdAt: '2026-12-01T06:00:00.000Z',
  sentAt: status === 'sent' ? '2026-12-01T06:00:01.000Z' : null,
  attempts: status === 'dead' ? 6 : 0,
  lastError: status === 'dead' ? '550 Mailbox unavailable' : null,
  transport: status === 'sent' ? 'stored' : null,
});
/** Two pages: 25 messages. */
const page: MailPage = {
  items: [summary('m1', 'sent'), summary('m2', 'dead')],
  cp: 0,
  ipp: operatorMailPageSize,
  total: 25,
};
const message = (status: MailSummary['status']): MailMessage => ({
  ...summary(status === 'dead' ? 'm2' : 'm1', status),
  text: 'Open http://localhost/reset?token=x',
  html: null,
});
const forbidden = {
  status: 403,
  code: 'FORBIDDEN',
  message: 'Only the operators of this platform can open the operator area',
};
const offline = { message: 'Failed to fetch' };

const events = (snapshot: OperatorMailSnapshot): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadMail', output: page },
  { type: 'xstate.error.actor.loadMail', error: forbidden },
  { type: 'xstate.error.actor.loadMail', error: offline },
  { type: 'xstate.done.actor.loadMessage', output: message('sent') },
  { type: 'xstate.done.actor.loadMessage', output: message('dead') },
  { type: 'xstate.error.actor.loadMessage', error: offline },
  { type: 'xstate.done.actor.resendMail', output: { ...summary('m2', 'queued') } },
  { type: 'xstate.error.actor.resendMail', error: offline },
  { type: 'mail.filtered', status: 'dead', to: ' gone ' },
  { type: 'mail.paged', cp: snapshot.context.cp === 0 ? 1 : 0 },
  { type: 'mail.paged', cp: 2 },
  { type: 'mail.reload' },
  { type: 'mail.opened', id: 'm2' },
  { type: 'mail.closed' },
  { type: 'mail.resend', id: snapshot.context.message?.id ?? 'm1' },
];

describe('operatorMailMachine (model)', () => {
  const model = createPathModel(operatorMailMachine, {
    events,
    // Filters and pages are tried once each: the model stays finite.
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        filtered: s.context.status !== null,
        cp: s.context.cp,
        message: s.context.message?.status ?? null,
        error: s.context.error !== null,
        resent: s.context.resent !== null,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of [
      '"loading"',
      '"failed"',
      '"denied"',
      '{"ready":"list"}',
      '{"ready":"opening"}',
      '{"ready":"reading"}',
      '{"ready":"resending"}',
    ])
      expect(states).toContain(state);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events(createActor(operatorMailMachine).getSnapshot()))
      expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const mail = startMail();
    for (const step of replaySteps(path)) {
      const before = mail.calls.length;
      const result = invokedActorResult(step.event);
      const pending = mail.running().at(-1);
      if (result?.kind === 'done') pending!.resolve(result.output);
      else if (result?.kind === 'error') pending!.reject(result.error);
      else mail.actor.send(step.event as OperatorMailEvent);
      await flush();

      const snapshot = mail.actor.getSnapshot();
      const expected = step.state as OperatorMailSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Exactly one request runs while the machine is busy, and none otherwise.
      const busy = snapshot.hasTag('busy');
      expect(mail.running()).toHaveLength(busy ? 1 : 0);
      if (snapshot.matches('loading') && mail.calls.length > before) {
        // The list is asked for with the filter and page the operator chose, the recipient trimmed.
        expect(mail.calls.at(-1)!.input).toEqual({
          status: snapshot.context.status,
          to: snapshot.context.to.trim(),
          cp: snapshot.context.cp,
          ipp: operatorMailPageSize,
        } satisfies MailListInput);
      }
      // Only a dead letter can be sent again, and only the open one.
      if (snapshot.matches({ ready: 'resending' }))
        expect(mail.calls.at(-1)!.input).toEqual({ id: snapshot.context.message!.id });
      if (snapshot.matches({ ready: 'resending' })) expect(snapshot.context.message!.status).toBe('dead');
      // A page past the last is never asked for.
      expect(snapshot.context.cp * operatorMailPageSize).toBeLessThan(Math.max(page.total, 1));
      // The message shows only while reading it.
      if (snapshot.matches({ ready: 'list' })) expect(snapshot.context.message).toBeNull();
    }
  });
});

describe('operatorMailMachine', () => {
  it('stops asking once the caller turns out not to be an operator', async () => {
    const mail = startMail();
    mail.calls[0]!.reject(forbidden);
    await flush();
    expect(mail.actor.getSnapshot().matches('denied')).toBe(true);
    mail.actor.send({ type: 'mail.reload' });
    await flush();
    expect(mail.calls).toHaveLength(1);
  });

  it('reads the list again after sending a dead letter, and says so', async () => {
    const mail = startMail();
    mail.calls[0]!.resolve(page);
    await flush();
    mail.actor.send({ type: 'mail.opened', id: 'm2' });
    mail.calls[1]!.resolve(message('dead'));
    await flush();
    mail.actor.send({ type: 'mail.resend', id: 'm2' });
    await flush();
    expect(mail.calls[2]).toMatchObject({ name: 'resendMail', input: { id: 'm2' } });
    mail.calls[2]!.resolve(summary('m2', 'queued'));
    await flush();
    expect(mail.calls[3]).toMatchObject({ name: 'loadMail' });
    expect(mail.actor.getSnapshot().context.resent).toMatchObject({ id: 'm2', status: 'queued' });
  });
});
