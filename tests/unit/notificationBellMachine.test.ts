import { afterAll, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import type { NotificationItem, NotificationPage, NotificationPush } from '../../contracts/notifications';
import {
  bellPageSize,
  type NotificationBellEvent,
  notificationBellMachine,
} from '../../src/machines/notificationBellMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

// Marks carry the time they were made: one fixed clock for the model and its replays.
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date('2026-11-25T10:00:00.000Z'));
afterAll(() => vi.useRealTimers());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = { message: 'Something went wrong', status: 500 };

const notification = (id: string, read = false): NotificationItem => ({
  id,
  kind: 'newFollower',
  actor: { userId: `fan-${id}`, name: `Fan ${id}`, username: null, profilePicture: null },
  link: `/user/fan-${id}`,
  params: {},
  createdAt: '2026-11-25T09:00:00.000Z',
  readAt: read ? '2026-11-25T09:30:00.000Z' : null,
});

const page = (cp: number, count: number, unread: number): NotificationPage => ({
  items: Array.from({ length: count }, (_, i) => notification(`p${cp}-${i}`, i > 0)),
  cp,
  ipp: bellPageSize,
  total: 20,
  unread,
});

const live: NotificationPush = { ...notification('live'), unread: 2 };

function startBell() {
  const fakes = deferredActors();
  const open = vi.fn();
  let push: ((event: NotificationBellEvent) => void) | null = null;
  const actor = createActor(
    notificationBellMachine.provide({
      actors: {
        fetchPage: fakes.deferred('fetchPage') as never,
        markRead: fakes.deferred('markRead') as never,
        markAllRead: fakes.deferred('markAllRead') as never,
        hubWatch: fromCallback<NotificationBellEvent>(({ sendBack }) => {
          push = sendBack;
          return () => {};
        }),
      },
      actions: { open },
    }),
  ).start();
  return { actor, fakes, open, push: (event: NotificationBellEvent) => push!(event) };
}

type BellSnapshot = ReturnType<ReturnType<typeof startBell>['actor']['getSnapshot']>;

const events = (snapshot: BellSnapshot): AnyEventObject[] => [
  { type: 'bell.received', notification: live },
  { type: 'bell.select', id: 'live' },
  { type: 'bell.select', id: 'p0-0' },
  { type: 'bell.markAllRead' },
  { type: 'bell.loadMore' },
  { type: 'bell.retry' },
  // The first page is full (more to load); the next one ends the list.
  snapshot.context.page === 0
    ? { type: 'xstate.done.actor.fetchPage', output: page(0, bellPageSize, 1) }
    : { type: 'xstate.done.actor.fetchPage', output: page(snapshot.context.page, 1, 1) },
  { type: 'xstate.error.actor.fetchPage', error: refused },
];

describe('notificationBellMachine (model)', () => {
  const model = createPathModel(notificationBellMachine, {
    events,
    // Keep the model small: two pages at most.
    filterEvents: (snapshot) => snapshot.context.page < 2,
  });
  const paths = getTransitionPaths(model);

  it('covers loading, failing, paging, pushes and marks', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['loading', 'ready', 'failed']));
    const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of ['bell.received', 'bell.select', 'bell.markAllRead', 'bell.loadMore', 'bell.retry'])
      expect(types).toContain(type);
  });

  describePaths('replays', paths, (path) => async () => {
    const bell = startBell();
    for (const step of replaySteps(path)) {
      const before = bell.actor.getSnapshot();
      const marks = bell.fakes.calls.filter((c) => c.name === 'markRead').length;
      const opened = bell.open.mock.calls.length;
      if (step.event.type === 'bell.received') bell.push(step.event as NotificationBellEvent);
      else bell.fakes.answer(bell.actor, step.event);
      await flush();
      const snapshot = bell.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      // The badge never counts below zero, and every item shows once.
      expect(snapshot.context.unread).toBeGreaterThanOrEqual(0);
      const ids = snapshot.context.items.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);

      if (step.event.type === 'bell.select') {
        const item = before.context.items.find((n) => n.id === (step.event as unknown as { id: string }).id);
        if (item) {
          // Its place opens, and it is marked read on the server only if it was unread.
          expect(bell.open.mock.calls.length).toBe(opened + 1);
          expect(bell.open.mock.calls.at(-1)![1]).toEqual({ link: item.link });
          const started = bell.fakes.calls.filter((c) => c.name === 'markRead');
          expect(started.length).toBe(marks + (item.readAt ? 0 : 1));
          expect(snapshot.context.items.find((n) => n.id === item.id)!.readAt).not.toBeNull();
        } else expect(bell.open.mock.calls.length).toBe(opened);
      }
      if (step.event.type === 'bell.markAllRead') {
        expect(snapshot.context.unread).toBe(0);
        expect(snapshot.context.items.every((n) => n.readAt !== null)).toBe(true);
      }
      if (step.event.type === 'bell.received') expect(snapshot.context.items[0].id).toBe('live');
    }
  });
});

describe('notificationBellMachine', () => {
  it('raises the count when a notification arrives, and lowers it when one is opened', async () => {
    const bell = startBell();
    bell.fakes.latest('fetchPage').resolve(page(0, 1, 1));
    await flush();
    expect(bell.actor.getSnapshot().context.unread).toBe(1);
    bell.push({ type: 'bell.received', notification: live });
    expect(bell.actor.getSnapshot().context.unread).toBe(2);
    bell.actor.send({ type: 'bell.select', id: 'live' });
    expect(bell.actor.getSnapshot().context.unread).toBe(1);
    expect(bell.fakes.latest('markRead').input).toEqual({ id: 'live' });
    expect(bell.open).toHaveBeenCalledWith(expect.anything(), { link: '/user/fan-live' });
    bell.actor.send({ type: 'bell.markAllRead' });
    expect(bell.fakes.calls.filter((c) => c.name === 'markAllRead')).toHaveLength(1);
    expect(bell.actor.getSnapshot().context.unread).toBe(0);
  });
});
