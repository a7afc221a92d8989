import { assertEvent, assign, cancel, enqueueActions, setup } from 'xstate';

/** How long a toast stays, by severity (districts-commerce-spaces.md §8). */
export const toastDurationMs = { success: 3000, error: 3000, info: 4000, warning: 4000 } as const;
export type ToastSeverity = keyof typeof toastDurationMs;

/** Where on the screen a toast shows; 'bottom-left' unless the caller asks (the save toast is top-left). */
export type ToastPlacement =
  'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';
export const defaultToastPlacement: ToastPlacement = 'bottom-left';

export interface ToastAction {
  /** Text catalogue key of the action's label. */
  labelKey: string;
  /** Path the action navigates to. */
  href: string;
}

export interface Toast {
  id: number;
  severity: ToastSeverity;
  /** Text catalogue key, or literal text when `literal` is set. */
  message: string;
  params?: Record<string, string | number>;
  literal?: boolean;
  durationMs: number;
  action?: ToastAction;
  placement: ToastPlacement;
  /** On screen: its time runs (a page whose toasts code is still loading shows it later). */
  shown: boolean;
}

export type ToastsEvent =
  | {
      type: 'toast.show';
      severity: ToastSeverity;
      message: string;
      params?: Record<string, string | number>;
      literal?: boolean;
      /** Overrides the severity's duration (the save toast stays 600 ms, the copy toast 400 ms). */
      durationMs?: number;
      action?: ToastAction;
      placement?: ToastPlacement;
    }
  /** The screen shows the toast now (the Toasts view, when it renders it). */
  | { type: 'toast.shown'; id: number }
  | { type: 'toast.dismiss'; id: number };

/** The id of the delayed dismissal of a toast, so an early dismissal can cancel it. */
const dismissalId = (toastId: number) => `toast.dismiss.${toastId}`;

/**
 * The one place toasts live (systemId `toasts`). Views show `context.toasts` (oldest first) and say
 * when each is on screen (`toast.shown`); from then on it stays its duration, or less on
 * `toast.dismiss`. Timing from the screen rather than from the request keeps a short toast ('Copied
 * to clipboard!', 400 ms) from running out while the page still loads the code that shows it.
 */
export const toastsMachine = setup({
  types: {
    context: {} as { toasts: Toast[]; nextId: number },
    events: {} as ToastsEvent,
  },
  actions: {
    addToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.show');
      const toast: Toast = {
        id: context.nextId,
        severity: event.severity,
        message: event.message,
        params: event.params,
        literal: event.literal,
        action: event.action,
        durationMs: event.durationMs ?? toastDurationMs[event.severity],
        placement: event.placement ?? defaultToastPlacement,
        shown: false,
      };
      return { nextId: context.nextId + 1, toasts: [...context.toasts, toast] };
    }),
    markShown: assign(({ context, event }) => {
      assertEvent(event, 'toast.shown');
      return { toasts: context.toasts.map((t) => (t.id === event.id ? { ...t, shown: true } : t)) };
    }),
    scheduleDismissal: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'toast.shown');
      const toast = context.toasts.find((t) => t.id === event.id);
      if (!toast) return;
      enqueue.raise(
        { type: 'toast.dismiss', id: toast.id },
        { id: dismissalId(toast.id), delay: toast.durationMs },
      );
    }),
    cancelDismissal: cancel(({ event }) => {
      assertEvent(event, 'toast.dismiss');
      return dismissalId(event.id);
    }),
    removeToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.dismiss');
      return { toasts: context.toasts.filter((toast) => toast.id !== event.id) };
    }),
  },
  guards: {
    /** The toast is there and its time has not started yet. */
    untimed: ({ context, event }) => {
      assertEvent(event, 'toast.shown');
      return context.toasts.some((t) => t.id === event.id && !t.shown);
    },
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  on: {
    'toast.show': { actions: 'addToast' },
    'toast.shown': { guard: 'untimed', actions: ['markShown', 'scheduleDismissal'] },
    'toast.dismiss': { actions: ['cancelDismissal', 'removeToast'] },
  },
});
