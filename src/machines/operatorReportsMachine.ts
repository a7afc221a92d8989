import { type ActorRefFrom, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ReportPage, ReportResolution, ReportSettled, ReportState } from '../../contracts/operator';
import { failureMessage, refusedAsNotOperator } from './operatorErrors';

/**
 * The operator area's Reports tab (issue 24 §7): what users reported, the oldest open report
 * first, page by page; an open report settled by dismissing it or hiding what it is about (every
 * other open report about the same thing is settled with it); the settled ones, newest first.
 *
 * - `loading`: the page of the chosen list (open or settled) is asked for.
 * - `ready.idle`: the page shows. `ready.settling`: one report is being settled; then the list is
 *   read again and `settled` says what happened. A refused or failed settle keeps the page and
 *   shows `error`.
 * - `ready.showing`: a space an operator hid is shown again (from a settled report that hid it);
 *   then the list is read again and `shown` names it.
 * - `failed`: the list could not be had; `reports.reload` asks again.
 * - `denied`: the caller is not an operator (403).
 */

export const operatorReportsPageSize = 10;

export interface OperatorReportsContext {
  state: ReportState;
  cp: number;
  page: ReportPage | null;
  error: string | null;
  /** The report being settled, and how. */
  settling: { id: string; resolution: ReportResolution } | null;
  /** The last settle (the view announces it). */
  settled: ReportSettled | null;
  /** The space last shown again (the view announces it). */
  shown: { sceneId: string; title: string } | null;
}

export type OperatorReportsEvent =
  | { type: 'reports.shown'; state: ReportState }
  | { type: 'reports.paged'; cp: number }
  | { type: 'reports.reload' }
  | { type: 'reports.settle'; id: string; resolution: ReportResolution }
  | { type: 'reports.showSpace'; sceneId: string };

export interface ReportListInput {
  state: ReportState;
  cp: number;
  ipp: number;
}

export const operatorReportsMachine = setup({
  types: {
    context: {} as OperatorReportsContext,
    events: {} as OperatorReportsEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadReports: fromPromise<ReportPage, ReportListInput>(async () => {
      throw new Error('loadReports not provided');
    }),
    settleReport: fromPromise<ReportSettled, { id: string; resolution: ReportResolution }>(async () => {
      throw new Error('settleReport not provided');
    }),
    showSpace: fromPromise<unknown, { sceneId: string }>(async () => {
      throw new Error('showSpace not provided');
    }),
  },
  guards: {
    forbidden: refusedAsNotOperator,
    pageExists: ({ context, event }) =>
      event.type === 'reports.paged' &&
      event.cp >= 0 &&
      event.cp !== context.cp &&
      event.cp * operatorReportsPageSize < (context.page?.total ?? 0),
    /** Only a report shown on the page, and still open, can be settled. */
    openOnPage: ({ context, event }) =>
      event.type === 'reports.settle' &&
      (context.page?.items.some((item) => item.id === event.id && item.resolution === null) ?? false),
    /** Only a space an operator hid, named by a report on the page, is shown again. */
    hiddenOnPage: ({ context, event }) =>
      event.type === 'reports.showSpace' &&
      (context.page?.items.some(
        (item) => item.space.sceneId === event.sceneId && item.space.hiddenByOperator,
      ) ??
        false),
  },
  actions: {
    forgetNews: assign({ settled: null, shown: null }),
    rememberError: assign({ error: failureMessage }),
  },
}).createMachine({
  id: 'operatorReports',
  context: { state: 'open', cp: 0, page: null, error: null, settling: null, settled: null, shown: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadReports',
        src: 'loadReports',
        input: ({ context }) => ({ state: context.state, cp: context.cp, ipp: operatorReportsPageSize }),
        onDone: [
          // Settling the last report of a later page leaves it empty: the page before shows.
          {
            guard: ({ context, event }) => event.output.items.length === 0 && context.cp > 0,
            target: 'loading',
            reenter: true,
            actions: assign({ cp: ({ context }) => context.cp - 1 }),
          },
          { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'forbidden', target: 'denied' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    failed: { on: { 'reports.reload': 'loading' } },
    denied: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'reports.shown': {
              guard: ({ context, event }) => event.state !== context.state,
              target: '#operatorReports.loading',
              actions: ['forgetNews', assign({ state: ({ event }) => event.state, cp: 0 })],
            },
            'reports.paged': {
              guard: 'pageExists',
              target: '#operatorReports.loading',
              actions: ['forgetNews', assign({ cp: ({ event }) => event.cp })],
            },
            'reports.reload': { target: '#operatorReports.loading', actions: 'forgetNews' },
            'reports.settle': {
              guard: 'openOnPage',
              target: 'settling',
              actions: [
                'forgetNews',
                assign({
                  settling: ({ event }) => ({ id: event.id, resolution: event.resolution }),
                  error: null,
                }),
              ],
            },
            'reports.showSpace': {
              guard: 'hiddenOnPage',
              target: 'showing',
              actions: [
                'forgetNews',
                assign({
                  shown: ({ context, event }) => ({
                    sceneId: event.sceneId,
                    title: context.page!.items.find((item) => item.space.sceneId === event.sceneId)!.space
                      .title,
                  }),
                  error: null,
                }),
              ],
            },
          },
        },
        settling: {
          tags: 'busy',
          invoke: {
            id: 'settleReport',
            src: 'settleReport',
            input: ({ context }) => context.settling!,
            onDone: {
              target: '#operatorReports.loading',
              actions: assign({ settled: ({ event }) => event.output, settling: null }),
            },
            onError: { target: 'idle', actions: ['rememberError', assign({ settling: null })] },
          },
        },
        showing: {
          tags: 'busy',
          invoke: {
            id: 'showSpace',
            src: 'showSpace',
            input: ({ context }) => ({ sceneId: context.shown!.sceneId }),
            onDone: { target: '#operatorReports.loading' },
            onError: { target: 'idle', actions: ['rememberError', assign({ shown: null })] },
          },
        },
      },
    },
  },
});

export type OperatorReportsActorRef = ActorRefFrom<typeof operatorReportsMachine>;
export type OperatorReportsSnapshot = SnapshotFrom<typeof operatorReportsMachine>;
