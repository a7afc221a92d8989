import { type ActorRefFrom, assign, emit, setup } from 'xstate';

/**
 * The viewer's sidebar (platform.md §2.7, §4 'Sidebar', §9): a toolbar of panel buttons, at most
 * one panel open at a time. On a large screen the panel is docked beside the space; on a small one
 * it is a drawer. The sidebar is forced closed whenever the screen changes between small and large
 * (a docked panel does not turn into a drawer covering the space by itself, and the reverse).
 *
 * Whenever a panel closes the machine emits `panel.closed` with the panel, so the view can give the
 * focus back to that panel's button.
 */

export interface ViewerSidebarInput {
  /** The panels this viewer offers, in toolbar order. */
  panels: readonly string[];
  /** Whether the screen is small (a drawer instead of a docked panel). */
  small?: boolean;
}

export interface ViewerSidebarContext {
  panels: readonly string[];
  /** The open panel (null in `closed`). */
  panel: string | null;
  small: boolean;
}

export type ViewerSidebarEvent =
  | { type: 'panel.open'; panel: string }
  | { type: 'panel.toggle'; panel: string }
  | { type: 'panel.close' }
  | { type: 'panel.escape' }
  | { type: 'screen.changed'; small: boolean };

export type ViewerSidebarEmitted = { type: 'panel.closed'; panel: string };

export const viewerSidebarMachine = setup({
  types: {
    context: {} as ViewerSidebarContext,
    events: {} as ViewerSidebarEvent,
    input: {} as ViewerSidebarInput,
    emitted: {} as ViewerSidebarEmitted,
  },
  guards: {
    offered: ({ context }, params: { panel: string }) => context.panels.includes(params.panel),
    isOpenPanel: ({ context }, params: { panel: string }) => context.panel === params.panel,
    sizeChanges: ({ context }, params: { small: boolean }) => context.small !== params.small,
  },
  actions: {
    show: assign((_, params: { panel: string }) => ({ panel: params.panel })),
    setSmall: assign((_, params: { small: boolean }) => ({ small: params.small })),
    tellClosed: emit(({ context }) => ({ type: 'panel.closed' as const, panel: context.panel ?? '' })),
    forget: assign({ panel: null }),
  },
}).createMachine({
  id: 'viewerSidebar',
  context: ({ input }) => ({ panels: input.panels, panel: null, small: input.small ?? false }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'panel.open': {
          guard: { type: 'offered', params: ({ event }) => ({ panel: event.panel }) },
          target: 'open',
          actions: { type: 'show', params: ({ event }) => ({ panel: event.panel }) },
        },
        'panel.toggle': {
          guard: { type: 'offered', params: ({ event }) => ({ panel: event.panel }) },
          target: 'open',
          actions: { type: 'show', params: ({ event }) => ({ panel: event.panel }) },
        },
        'screen.changed': {
          guard: { type: 'sizeChanges', params: ({ event }) => ({ small: event.small }) },
          actions: { type: 'setSmall', params: ({ event }) => ({ small: event.small }) },
        },
      },
    },
    open: {
      on: {
        'panel.open': {
          guard: { type: 'offered', params: ({ event }) => ({ panel: event.panel }) },
          actions: { type: 'show', params: ({ event }) => ({ panel: event.panel }) },
        },
        'panel.toggle': [
          {
            guard: { type: 'isOpenPanel', params: ({ event }) => ({ panel: event.panel }) },
            target: 'closed',
            actions: ['tellClosed', 'forget'],
          },
          {
            guard: { type: 'offered', params: ({ event }) => ({ panel: event.panel }) },
            actions: { type: 'show', params: ({ event }) => ({ panel: event.panel }) },
          },
        ],
        'panel.close': { target: 'closed', actions: ['tellClosed', 'forget'] },
        'panel.escape': { target: 'closed', actions: ['tellClosed', 'forget'] },
        // Forced closed when the screen turns small or large.
        'screen.changed': {
          guard: { type: 'sizeChanges', params: ({ event }) => ({ small: event.small }) },
          target: 'closed',
          actions: [
            'tellClosed',
            'forget',
            { type: 'setSmall', params: ({ event }) => ({ small: event.small }) },
          ],
        },
      },
    },
  },
});

export type ViewerSidebarActorRef = ActorRefFrom<typeof viewerSidebarMachine>;
