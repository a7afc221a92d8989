import { describe, expect, it } from 'vitest';
import { LiveInstances } from '../../../server/services/liveService/instances';

const visitor = (userId: string) => ({ userId, name: userId, profilePicture: null, avatar: null });

describe('live instances', () => {
  it('fills the lowest instance with room, and opens the next when all are full', () => {
    const live = new LiveInstances(2);
    expect(live.join('c1', visitor('a'), 's').presence.instanceId).toBe('1');
    expect(live.join('c2', visitor('b'), 's').presence.instanceId).toBe('1');
    expect(live.join('c3', visitor('c'), 's').presence.instanceId).toBe('2');
    live.leave('c1');
    // Room again in 1: the next visitor keeps the crowd together there.
    expect(live.join('c4', visitor('d'), 's').presence.instanceId).toBe('1');
    expect(live.instanceCounts('s')).toEqual([
      { instanceId: '1', count: 2 },
      { instanceId: '2', count: 1 },
    ]);
  });

  it('counts a user with two tabs once, but each tab takes a place', () => {
    const live = new LiveInstances(2);
    live.join('tab1', visitor('a'), 's');
    live.join('tab2', visitor('a'), 's');
    expect(live.sceneSummary('s', 2)).toEqual({ count: 1, visitors: [visitor('a')] });
    expect(live.join('c3', visitor('b'), 's').presence.instanceId).toBe('2');
    expect(live.total()).toBe(2);
  });

  it('moves a visitor between spaces and reports where they left', () => {
    const live = new LiveInstances(10);
    live.join('c1', visitor('a'), 's');
    // Joining the same space again changes nothing.
    expect(live.join('c1', visitor('a'), 's').left).toBeUndefined();
    const moved = live.join('c1', visitor('a'), 't');
    expect(moved.left).toMatchObject({ sceneId: 's', instanceId: '1' });
    expect(live.sceneSummary('s', 2).count).toBe(0);
    expect(live.whereIs('c1')).toMatchObject({ sceneId: 't' });
    expect(live.leave('c1')).toMatchObject({ sceneId: 't' });
    expect(live.leave('c1')).toBeUndefined();
    expect(live.total()).toBe(0);
  });

  it('joins a friend or a named instance only when it has room', () => {
    const live = new LiveInstances(2);
    live.join('c1', visitor('a'), 's');
    live.join('c2', visitor('b'), 's');
    live.join('c3', visitor('c'), 's');
    expect(live.join('c4', visitor('d'), 's', { friendUserId: 'a' }).presence.instanceId).toBe('2');
    expect(live.join('c5', visitor('e'), 's', { instanceId: '2' }).presence.instanceId).toBe('3');
    expect(live.join('c6', visitor('f'), 's', { friendUserId: 'e' }).presence.instanceId).toBe('3');
    expect(live.join('c7', visitor('g'), 's', { instanceId: '9' }).presence.instanceId).toBe('4');
    expect(() => new LiveInstances(0)).toThrow();
  });

  it('counts what other processes share, and forgets a process that stops sharing', () => {
    let now = 0;
    const live = new LiveInstances(2, 1000, () => now);
    const share = (ids: string[]) => ({ connections: ids.length, visitors: ids.map(visitor) });
    expect(live.applyShare('node-b', { s: { '1': share(['b', 'c']) } }, true)).toEqual(['s']);
    // Instance 1 is full across the cluster: a visitor here opens instance 2.
    expect(live.join('c1', visitor('a'), 's').presence.instanceId).toBe('2');
    expect(live.instanceCounts('s')).toEqual([
      { instanceId: '1', count: 2 },
      { instanceId: '2', count: 1 },
    ]);
    expect(live.visitorsIn('s', '1').map((v) => v.userId)).toEqual(['b', 'c']);
    expect(live.total()).toBe(3);
    expect(live.nodesIn('s')).toEqual(['node-b']);
    // The same share again changes nothing; a whole share without the space takes it away.
    expect(live.applyShare('node-b', { s: { '1': share(['b', 'c']) } }, false)).toEqual([]);
    expect(live.applyShare('node-b', {}, true)).toEqual(['s']);
    expect(live.sceneSummary('s', 5).count).toBe(1);
    live.applyShare('node-b', { s: { '2': share(['d']) } }, false);
    expect(live.visitorsIn('s', '2').map((v) => v.userId)).toEqual(['a', 'd']);
    now = 1500;
    expect(live.expireShares()).toEqual(['s']);
    expect(live.otherNodes()).toEqual([]);
    expect(live.visitorsIn('s', '2').map((v) => v.userId)).toEqual(['a']);
  });
});
