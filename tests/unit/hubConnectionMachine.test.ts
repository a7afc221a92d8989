import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  type HubConnectionEvent,
  type HubConnectionSnapshot,
  hubConnectFailedMessage,
  hubConnectionMachine,
  type HubProblem,
  hubStartRetryMax,
  selectHubStatus,
} from '../../src/machines/hubConnectionMachine';
import { notificationHubActors } from '../../src/services/notificationHub';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';
import { createTestApp } from '../support/spa';

const unauthorized = { message: "Unauthorized: Status code '401'", status: 401 };
const broken = { message: "Internal: Status code '500'", status: 500 };
const reports = new Set(['hub.reconnecting', 'hub.reconnected', 'hub.closed']);

/** The machine with deferred start/stop/probe, a watch whose reports the test sends, and a log recorder. */
function startHub() {
  const fakes = deferredActors();
  const logged: HubProblem[] = [];
  let report: ((event: HubConnectionEvent) => void) | undefined;
  const actor = createActor(
    hubConnectionMachine.provide({
      actors: {
        start: fakes.deferred('start'),
        stop: fakes.deferred('stop'),
        probeKey: fakes.deferred('probeKey'),
        watch: fromCallback<HubConnectionEvent>(({ sendBack }) => {
          report = sendBack;
        }),
      } as never,
      actions: { logConnectFailed: (_, problem) => void logged.push(problem) },
    }),
  ).start();
  /** Plays a model event: an actor's answer, a report of the SignalR client, or a command. */
  const play = (event: AnyEventObject) => {
    if (reports.has(event.type)) report!(event as HubConnectionEvent);
    else fakes.answer(actor, event);
  };
  return { actor, fakes, logged, play };
}

const model = createPathModel(hubConnectionMachine, {
  events: () => [
    { type: 'hub.start' },
    { type: 'hub.stop' },
    { type: 'hub.reconnecting' },
    { type: 'hub.reconnected', connectionId: 'c2' },
    { type: 'hub.closed' },
    { type: 'xstate.done.actor.start' },
    { type: 'xstate.error.actor.start', error: unauthorized },
    { type: 'xstate.error.actor.start', error: broken },
    { type: 'xstate.done.actor.probeKey' },
    { type: 'xstate.error.actor.probeKey', error: unauthorized },
    { type: 'xstate.error.actor.probeKey', error: broken },
    { type: 'xstate.done.actor.stop' },
    { type: 'xstate.error.actor.stop', error: broken },
  ],
});

/** A start that fails with something else than 401 after the last retry: the one case that logs. */
const logsFailure = (before: HubConnectionSnapshot, event: AnyEventObject) =>
  event.type === 'xstate.error.actor.start' &&
  (event.error as HubProblem).status !== 401 &&
  before.context.retries >= hubStartRetryMax;

describePaths('hub connection machine (model)', getTransitionPaths(model), (path) => async () => {
  const hub = startHub();
  let expectedLogs = 0;
  let previous = hub.actor.getSnapshot();
  for (const step of replaySteps(path)) {
    if (logsFailure(previous, step.event)) expectedLogs += 1;
    const startsBefore = hub.fakes.calls.filter((c) => c.name === 'start').length;
    hub.play(step.event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = hub.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    // Entering connecting starts the connection once; nothing else does.
    const startsAfter = hub.fakes.calls.filter((c) => c.name === 'start').length;
    const entersConnecting = snapshot.matches('connecting') && !previous.matches('connecting');
    expect(startsAfter - startsBefore).toBe(entersConnecting ? 1 : 0);
    expect(hub.logged).toHaveLength(expectedLogs);
    previous = snapshot;
  }
  hub.actor.stop();
});

describe('hub connection machine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stops silently on 401 (no log, disconnected)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(
      hubConnectionMachine.provide({ actors: { start: deferredStartFailing(unauthorized) } as never }),
    ).start();
    actor.send({ type: 'hub.start' });
    await waitFor(actor, (s) => s.matches('disconnected') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual(unauthorized);
    expect(error).not.toHaveBeenCalled();
    expect(selectHubStatus(actor.getSnapshot())).toBe('Disconnected');
  });

  it('probes the key and retries 3 times, then logs "Unable to connect to WS in hub"', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let starts = 0;
    let probes = 0;
    const actor = createActor(
      hubConnectionMachine.provide({
        actors: {
          start: deferredStartFailing(broken, () => (starts += 1)),
          probeKey: deferredStartFailing(null, () => (probes += 1)),
        } as never,
      }),
    ).start();
    actor.send({ type: 'hub.start' });
    await waitFor(actor, (s) => s.matches('disconnected') && s.context.retries === hubStartRetryMax);
    expect(starts).toBe(1 + hubStartRetryMax);
    expect(probes).toBe(hubStartRetryMax);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(hubConnectFailedMessage, broken.message);
  });

  it('names the spec states', () => {
    const hub = startHub();
    expect(selectHubStatus(hub.actor.getSnapshot())).toBe('Disconnected');
    hub.actor.send({ type: 'hub.start' });
    expect(selectHubStatus(hub.actor.getSnapshot())).toBe('Connecting');
  });
});

/** A promise actor that fails with `error` (or succeeds when null), counting its starts. */
function deferredStartFailing(error: HubProblem | null, onStart: () => void = () => {}) {
  return fromPromise(async () => {
    onStart();
    if (error) throw error;
  });
}

describe('notification hub service and the app', () => {
  const apiAnswering = (status: number) =>
    ky.create({
      prefixUrl: 'http://localhost/api',
      retry: 0,
      fetch: async () => new Response(JSON.stringify({ key: 'k' }), { status }),
    });

  it('turns a 401 from the key route into a silent stop', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actors = notificationHubActors(apiAnswering(401), 'http://localhost/hubs/notification');
    const actor = createActor(hubConnectionMachine.provide({ actors })).start();
    actor.send({ type: 'hub.start' });
    await waitFor(actor, (s) => s.matches('disconnected') && s.context.error !== null, { timeout: 5000 });
    expect(actor.getSnapshot().context.error?.status).toBe(401);
    expect(error).not.toHaveBeenCalled();
    actor.stop();
  });

  it("delivers the hub's messages to every listening actor, until it stops listening", () => {
    const { app, hub } = createTestApp();
    const seen: unknown[] = [];
    const notifications = app.root.system.get('notifications')!;
    const subscription = notifications.on('hub.received', (message: { target: string; args: unknown[] }) =>
      seen.push([message.target, ...message.args]),
    );
    hub.send('Wallet', { availableBalance: 3 });
    expect(seen).toEqual([['Wallet', { availableBalance: 3 }]]);
    subscription.unsubscribe();
    hub.send('Wallet', { availableBalance: 4 });
    expect(seen).toHaveLength(1);
  });
});
