import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastDurationMs, toastsMachine } from '../../src/machines/toastsMachine';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The toasts actor with a screen that shows every toast as soon as it is raised (as the Toasts view
 * does once its code has loaded): a toast's time runs from when it is on screen.
 */
function startToasts({ onScreen = true }: { onScreen?: boolean } = {}) {
  const actor = createActor(toastsMachine).start();
  if (onScreen) {
    let told = 0;
    actor.subscribe(({ context }) => {
      for (const toast of context.toasts.filter((t) => t.id > told)) {
        told = toast.id;
        actor.send({ type: 'toast.shown', id: toast.id });
      }
    });
  }
  const messages = () => actor.getSnapshot().context.toasts.map((toast) => toast.message);
  return { actor, messages };
}

describe('toastsMachine', () => {
  it('keeps the spec durations', () => {
    expect(toastDurationMs).toEqual({ success: 3000, error: 3000, info: 4000, warning: 4000 });
  });

  it.each([
    ['success', 3000],
    ['error', 3000],
    ['info', 4000],
    ['warning', 4000],
  ] as const)('a %s toast stays %i ms', (severity, duration) => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.show', severity, message: 'toasts.copied' });
    expect(messages()).toEqual(['toasts.copied']);

    vi.advanceTimersByTime(duration - 1);
    expect(messages()).toEqual(['toasts.copied']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honours a duration given by the caller', () => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.show', severity: 'success', message: 'toasts.sceneSaved', durationMs: 600 });
    vi.advanceTimersByTime(599);
    expect(messages()).toEqual(['toasts.sceneSaved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('can be dismissed early, and the early dismissal cancels the timer', () => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.show', severity: 'info', message: 'toasts.copied' });
    const [toast] = actor.getSnapshot().context.toasts;
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'toast.dismiss', id: toast.id });
    expect(messages()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times several toasts each on its own', () => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.show', severity: 'info', message: 'first' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'toast.show', severity: 'success', message: 'second' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'toast.show', severity: 'error', message: 'third' });
    expect(messages()).toEqual(['first', 'second', 'third']);

    vi.advanceTimersByTime(1999); // t = 3999
    expect(messages()).toEqual(['first', 'second', 'third']);
    vi.advanceTimersByTime(1); // t = 4000: first (info, 4000) and second (success, 1000 + 3000) go
    expect(messages()).toEqual(['third']);
    vi.advanceTimersByTime(999); // t = 4999
    expect(messages()).toEqual(['third']);
    vi.advanceTimersByTime(1); // t = 5000: third (2000 + 3000)
    expect(messages()).toEqual([]);
  });

  it('dismissing one leaves the others and their timers alone', () => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.show', severity: 'warning', message: 'first' });
    actor.send({ type: 'toast.show', severity: 'warning', message: 'second' });
    const [first] = actor.getSnapshot().context.toasts;
    actor.send({ type: 'toast.dismiss', id: first.id });
    expect(messages()).toEqual(['second']);
    vi.advanceTimersByTime(3999);
    expect(messages()).toEqual(['second']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('gives each toast its own id and keeps what the caller sent', () => {
    const { actor } = startToasts();
    actor.send({
      type: 'toast.show',
      severity: 'error',
      message: 'space.draftLimit.message',
      durationMs: 5000,
      action: { labelKey: 'space.draftLimit.viewDrafts', href: '/user/u1/spaces/drafts' },
    });
    actor.send({
      type: 'toast.show',
      severity: 'success',
      message: 'Saved "Gallery"',
      literal: true,
      placement: 'top-left',
    });
    const [first, second] = actor.getSnapshot().context.toasts;
    expect(first).toMatchObject({
      severity: 'error',
      durationMs: 5000,
      placement: 'bottom-left',
      action: { labelKey: 'space.draftLimit.viewDrafts', href: '/user/u1/spaces/drafts' },
    });
    expect(second).toMatchObject({ literal: true, placement: 'top-left', durationMs: 3000 });
    expect(second.id).not.toBe(first.id);
  });

  it('times a toast from when it is on screen, however late the screen comes', () => {
    const { actor, messages } = startToasts({ onScreen: false });
    actor.send({ type: 'toast.show', severity: 'success', message: 'toasts.copied', durationMs: 400 });
    // The page's toasts code is still loading: the toast waits, untimed.
    vi.advanceTimersByTime(5000);
    expect(messages()).toEqual(['toasts.copied']);
    expect(vi.getTimerCount()).toBe(0);
    const [toast] = actor.getSnapshot().context.toasts;
    actor.send({ type: 'toast.shown', id: toast.id });
    vi.advanceTimersByTime(399);
    expect(messages()).toEqual(['toasts.copied']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('starts the time of a toast once, however often the screen says it is shown', () => {
    const { actor, messages } = startToasts({ onScreen: false });
    actor.send({ type: 'toast.show', severity: 'success', message: 'toasts.copied', durationMs: 400 });
    const [toast] = actor.getSnapshot().context.toasts;
    actor.send({ type: 'toast.shown', id: toast.id });
    vi.advanceTimersByTime(300);
    // A view mounted twice (React's strict mode) tells it again.
    actor.send({ type: 'toast.shown', id: toast.id });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(messages()).toEqual([]);
    actor.send({ type: 'toast.shown', id: toast.id });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores dismissing a toast that is already gone', () => {
    const { actor, messages } = startToasts();
    actor.send({ type: 'toast.dismiss', id: 42 });
    expect(messages()).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
