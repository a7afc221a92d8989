import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { OperatorReport, ReportPage, ReportSettled } from '../../contracts/operator';
import {
  type OperatorReportsEvent,
  operatorReportsMachine,
  operatorReportsPageSize,
  type OperatorReportsSnapshot,
  type ReportListInput,
} from '../../src/machines/operatorReportsMachine';
import {
  createPathModel,
  describePaths,
  getTransitionPaths,
  invokedActorResult,
  replaySteps,
} from '../support/machinePaths';
import { pendingCalls } from '../support/pendingCalls';

type ActorName = 'loadReports' | 'settleReport' | 'showSpace';

function startReports() {
  const { calls, actor: fake, running } = pendingCalls<ActorName>();
  const actor = createActor(
    operatorReportsMachine.provide({
      actors: {
        loadReports: fake('loadReports'),
        settleReport: fake('settleReport'),
        showSpace: fake('showSpace'),
      },
    } as never),
  ).start();
  return { actor, calls, running };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const report = (id: string, resolution: OperatorReport['resolution'] = null): OperatorReport => ({
  id,
  reason: 'spam',
  text: '',
  createdAt: '2026-12-01T06:00:00.000Z',
  reporter: { userId: 'rex', name: 'Rex' },
  space: { sceneId: 's1', title: 'Pier', ownerId: 'ann', ownerName: 'Ann', hiddenByOperator: false },
  comment: null,
  resolution,
  resolvedAt: resolution ? '2026-12-01T07:00:00.000Z' : null,
  resolverName: resolution ? 'Olu' : null,
});
const hidSpace: OperatorReport = {
  ...report('r3', 'hidden'),
  space: { sceneId: 's3', title: 'Lamp room', ownerId: 'ann', ownerName: 'Ann', hiddenByOperator: true },
};
/** Two pages: 12 reports, one open, one dismissed and one that hid its space shown. */
const page: ReportPage = {
  items: [report('r1'), report('r2', 'dismissed'), hidSpace],
  cp: 0,
  ipp: operatorReportsPageSize,
  total: 12,
};
const empty: ReportPage = { items: [], cp: 1, ipp: operatorReportsPageSize, total: 10 };
const settled: ReportSettled = { report: report('r1', 'hidden'), settled: 2 };
const forbidden = {
  status: 403,
  code: 'FORBIDDEN',
  message: 'Only the operators of this platform can open the operator area',
};
const offline = { message: 'Failed to fetch' };

const events = (snapshot: OperatorReportsSnapshot): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadReports', output: page },
  { type: 'xstate.done.actor.loadReports', output: empty },
  { type: 'xstate.error.actor.loadReports', error: forbidden },
  { type: 'xstate.error.actor.loadReports', error: offline },
  { type: 'xstate.done.actor.settleReport', output: settled },
  { type: 'xstate.error.actor.settleReport', error: offline },
  { type: 'xstate.done.actor.showSpace', output: { sceneId: 's3' } },
  { type: 'xstate.error.actor.showSpace', error: offline },
  { type: 'reports.shown', state: snapshot.context.state === 'open' ? 'settled' : 'open' },
  { type: 'reports.paged', cp: snapshot.context.cp === 0 ? 1 : 0 },
  { type: 'reports.paged', cp: 2 },
  { type: 'reports.reload' },
  { type: 'reports.settle', id: 'r1', resolution: 'hidden' },
  { type: 'reports.settle', id: 'r2', resolution: 'dismissed' },
  { type: 'reports.settle', id: 'r9', resolution: 'dismissed' },
  { type: 'reports.showSpace', sceneId: 's3' },
  { type: 'reports.showSpace', sceneId: 's1' },
];

describe('operatorReportsMachine (model)', () => {
  const model = createPathModel(operatorReportsMachine, {
    events,
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        state: s.context.state,
        cp: s.context.cp,
        page: s.context.page?.items.length ?? null,
        error: s.context.error !== null,
        settled: s.context.settled !== null,
        shown: s.context.shown !== null,
      }),
  });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const states = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    for (const state of [
      '"loading"',
      '"failed"',
      '"denied"',
      '{"ready":"idle"}',
      '{"ready":"settling"}',
      '{"ready":"showing"}',
    ])
      expect(states).toContain(state);
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const event of events(createActor(operatorReportsMachine).getSnapshot()))
      expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const reports = startReports();
    for (const step of replaySteps(path)) {
      const before = reports.calls.length;
      const result = invokedActorResult(step.event);
      const pending = reports.running().at(-1);
      if (result?.kind === 'done') pending!.resolve(result.output);
      else if (result?.kind === 'error') pending!.reject(result.error);
      else reports.actor.send(step.event as OperatorReportsEvent);
      await flush();

      const snapshot = reports.actor.getSnapshot();
      const expected = step.state as OperatorReportsSnapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // Exactly one request runs while the machine is busy, and none otherwise.
      expect(reports.running()).toHaveLength(snapshot.hasTag('busy') ? 1 : 0);
      if (snapshot.matches('loading') && reports.calls.length > before)
        expect(reports.calls.at(-1)!.input).toEqual({
          state: snapshot.context.state,
          cp: snapshot.context.cp,
          ipp: operatorReportsPageSize,
        } satisfies ReportListInput);
      // Only an open report shown on the page is ever settled.
      if (snapshot.matches({ ready: 'settling' }))
        expect(reports.calls.at(-1)!.input).toEqual({ id: 'r1', resolution: 'hidden' });
      // Only a space an operator hid is shown again.
      if (snapshot.matches({ ready: 'showing' }))
        expect(reports.calls.at(-1)).toMatchObject({ name: 'showSpace', input: { sceneId: 's3' } });
      // A page past the last is never asked for.
      expect(snapshot.context.cp * operatorReportsPageSize).toBeLessThan(page.total);
    }
  });
});

describe('operatorReportsMachine', () => {
  it('reads the list again after settling, says so, and goes back a page when this one emptied', async () => {
    const reports = startReports();
    reports.calls[0]!.resolve(page);
    await flush();
    reports.actor.send({ type: 'reports.paged', cp: 1 });
    await flush();
    reports.calls[1]!.resolve({ ...page, cp: 1, items: [report('r1')] });
    await flush();
    reports.actor.send({ type: 'reports.settle', id: 'r1', resolution: 'hidden' });
    await flush();
    expect(reports.calls[2]).toMatchObject({
      name: 'settleReport',
      input: { id: 'r1', resolution: 'hidden' },
    });
    reports.calls[2]!.resolve(settled);
    await flush();
    expect(reports.calls[3]).toMatchObject({ name: 'loadReports', input: { cp: 1 } });
    reports.calls[3]!.resolve({ ...empty, total: 10 });
    await flush();
    expect(reports.calls[4]).toMatchObject({ name: 'loadReports', input: { cp: 0 } });
    reports.calls[4]!.resolve(page);
    await flush();
    const snapshot = reports.actor.getSnapshot();
    expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    expect(snapshot.context.settled).toEqual(settled);
    expect(snapshot.context.cp).toBe(0);
  });

  it('keeps the page and says why when settling fails', async () => {
    const reports = startReports();
    reports.calls[0]!.resolve(page);
    await flush();
    reports.actor.send({ type: 'reports.settle', id: 'r1', resolution: 'dismissed' });
    reports.calls[1]!.reject({ status: 422, message: 'An operator has already settled this report' });
    await flush();
    const snapshot = reports.actor.getSnapshot();
    expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    expect(snapshot.context.error).toBe('An operator has already settled this report');
    expect(snapshot.context.page).toEqual(page);
  });
});
