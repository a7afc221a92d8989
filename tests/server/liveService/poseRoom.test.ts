import { describe, expect, it } from 'vitest';
import { decodePoses, encodePose, type Pose, poseDefaults } from '../../../contracts/livePoses';
import { PoseRoom, type TickOutput } from '../../../server/services/liveService/poses';

const at = (x: number, z: number, more: Partial<Pose> = {}) =>
  encodePose({ x, y: 0, z, yaw: 0, speaking: false, emote: 0, ...more });
const visitor = (n: number) => ({ userId: `u${n}`, name: `U${n}`, profilePicture: null, avatar: null });
const interest = { nearCount: 3, midCount: 2, farPerTick: 1, interestEveryTicks: 1 };

/** A room of `count` local visitors standing on a line, 1 m apart (visitor 0 at the origin). */
function line(count: number) {
  const room = new PoseRoom(interest);
  const ids = Array.from({ length: count }, (_, i) => room.addLocal(`c${i}`, visitor(i)));
  ids.forEach((_, i) => room.setLocalPose(`c${i}`, at(i, 0)));
  return { room, ids };
}
const of = (outputs: TickOutput[], connectionId: string) =>
  outputs.find((o) => o.connectionId === connectionId);
const idsIn = (output?: TickOutput) => (output?.poses ? decodePoses(output.poses).map((p) => p.id) : []);

describe('poses of one instance (interest management)', () => {
  it('first tells a receiver who a visitor is, then sends their pose only when it changes', () => {
    const { room, ids } = line(2);
    const first = of(room.tick(0), 'c0');
    expect(first?.visitors).toEqual([{ ...visitor(1), poseId: ids[1] }]);
    expect(decodePoses(first!.poses!)).toEqual([expect.objectContaining({ id: ids[1], x: 1, z: 0 })]);
    // Nothing moved: nothing is sent.
    expect(of(room.tick(1), 'c0')).toBeUndefined();
    room.setLocalPose('c1', at(2, 3, { yaw: Math.PI, emote: 2 }));
    const second = of(room.tick(2), 'c0');
    expect(second?.visitors).toBeUndefined();
    const [pose] = decodePoses(second!.poses!);
    expect(pose).toMatchObject({ id: ids[1], x: 2, z: 3, emote: 2, speaking: false });
    expect(pose.yaw).toBeCloseTo(Math.PI, 1);
    // The same bytes again are no change.
    room.setLocalPose('c1', at(2, 3, { yaw: Math.PI, emote: 2 }));
    expect(of(room.tick(3), 'c0')).toBeUndefined();
  });

  it('sends the nearest every tick, the next nearest once a second and the rest in turn', () => {
    // Visitor 0 at the origin; 1–3 near, 4–5 next nearest, 6–9 far.
    const { room, ids } = line(10);
    room.tick(0);
    const seen = new Map<number, number>();
    const ticks = 10;
    for (let t = 1; t <= ticks; t++) {
      // Everyone moves a little every tick (along z, keeping their order of distance).
      ids.forEach((_, i) => room.setLocalPose(`c${i}`, at(i, t * 0.1)));
      for (const id of idsIn(of(room.tick(t), 'c0'))) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    const count = (i: number) => seen.get(ids[i]) ?? 0;
    expect([1, 2, 3].map(count)).toEqual([ticks, ticks, ticks]);
    expect([4, 5].map(count)).toEqual([1, 1]);
    // One far visitor per tick, in turn: 4 far visitors share 10 ticks.
    expect([6, 7, 8, 9].map(count).reduce((a, b) => a + b)).toBe(ticks);
    expect(Math.min(...[6, 7, 8, 9].map(count))).toBeGreaterThanOrEqual(2);
    expect(seen.has(ids[0])).toBe(false);
  });

  it('sends a next-nearest visitor every tick while they speak or emote', () => {
    const { room, ids } = line(6);
    room.tick(0);
    let sent = 0;
    for (let t = 1; t <= 10; t++) {
      room.setLocalPose('c5', at(5, t * 0.1, { speaking: true }));
      if (idsIn(of(room.tick(t), 'c0')).includes(ids[5])) sent++;
    }
    expect(sent).toBe(10);
  });

  it('follows who comes near', () => {
    const { room, ids } = line(8);
    room.tick(0);
    // Visitor 7 walks up to visitor 0 and keeps moving there.
    for (let t = 1; t <= 3; t++) {
      room.setLocalPose('c7', at(0.5, t * 0.1));
      room.tick(t);
    }
    let sent = 0;
    for (let t = 4; t <= 8; t++) {
      room.setLocalPose('c7', at(0.5, t * 0.1));
      if (idsIn(of(room.tick(t), 'c0')).includes(ids[7])) sent++;
    }
    expect(sent).toBe(5);
  });

  it('tells those who knew a visitor that they left, and a new visitor in their slot is news', () => {
    const { room, ids } = line(3);
    room.tick(0);
    room.removeLocal('c2');
    expect(of(room.tick(1), 'c0')?.left).toEqual([ids[2]]);
    const newcomer = room.addLocal('c9', visitor(9));
    room.setLocalPose('c9', at(2, 0));
    const output = of(room.tick(2), 'c0');
    expect(output?.visitors).toEqual([{ ...visitor(9), poseId: newcomer }]);
    expect(idsIn(output)).toEqual([newcomer]);
    expect(newcomer).not.toBe(ids[2]);
  });

  it('keeps what each receiver gets per tick bounded in a crowd', () => {
    const room = new PoseRoom(poseDefaults);
    const count = 300;
    for (let i = 0; i < count; i++) room.addLocal(`c${i}`, visitor(i));
    let most = 0;
    for (let t = 0; t < 20; t++) {
      for (let i = 0; i < count; i++)
        room.setLocalPose(`c${i}`, at((i % 20) * 2, Math.floor(i / 20) * 2 + t * 0.05));
      for (const output of room.tick(t)) most = Math.max(most, idsIn(output).length);
    }
    const { nearCount, midCount, farPerTick } = poseDefaults;
    // Near every tick, a tenth of the next nearest (once a second), and the far ones in turn.
    expect(most).toBeLessThanOrEqual(nearCount + Math.ceil(midCount / 10) + farPerTick);
    expect(most).toBeGreaterThanOrEqual(nearCount);
  });

  it('keeps the poses of another process and forgets them with it', () => {
    const room = new PoseRoom(interest);
    room.addLocal('c0', visitor(0));
    room.addRemote('other', { ...visitor(1), poseId: 77 });
    const entries = new Uint8Array(12);
    new DataView(entries.buffer).setUint32(0, 77, true);
    entries.set(at(4, 5), 4);
    room.setRemotePoses('other', entries);
    // A process cannot move another's visitor.
    room.setRemotePoses(
      'third',
      entries.map((b, i) => (i === 4 ? 9 : b)),
    );
    const output = of(room.tick(0), 'c0');
    expect(decodePoses(output!.poses!)).toEqual([expect.objectContaining({ id: 77, x: 4, z: 5 })]);
    room.removeRemote('other');
    expect(of(room.tick(1), 'c0')?.left).toEqual([77]);
    expect(room.size).toBe(1);
  });

  it('names only the near and next nearest: further away a visitor is a nameless impostor until they come near', () => {
    const { room, ids } = line(10);
    const named = new Set<number>();
    const posed = new Set<number>();
    for (let t = 0; t < 10; t++)
      for (const output of room.tick(t).filter((o) => o.connectionId === 'c0')) {
        for (const v of output.visitors ?? []) named.add(v.poseId);
        for (const id of idsIn(output)) posed.add(id);
      }
    expect([...named].sort()).toEqual(ids.slice(1, 6).sort());
    expect(posed.has(ids[9])).toBe(true);
    // Visitor 9 comes near: now they are named.
    room.setLocalPose('c9', at(0.2, 0));
    const output = of(room.tick(10), 'c0');
    expect(output?.visitors?.map((v) => v.poseId)).toContain(ids[9]);
  });

  it('serves each receiver once per tick when the tick is split in parts, and tells each of a departure', () => {
    const room = new PoseRoom({ ...interest, nearCount: 5 }, 3);
    const ids = Array.from({ length: 6 }, (_, i) => room.addLocal(`c${i}`, visitor(i)));
    const served = new Map<string, number>();
    const hear = (outputs: TickOutput[]) =>
      outputs.forEach((o) => served.set(o.connectionId, (served.get(o.connectionId) ?? 0) + 1));
    for (let t = 0; t < 2; t++)
      for (let part = 0; part < 3; part++) {
        ids.forEach((_, i) => room.setLocalPose(`c${i}`, at(i, t * 3 + part)));
        hear(room.tick(t, part));
      }
    expect([...served.values()]).toEqual([2, 2, 2, 2, 2, 2]);
    room.removeLocal('c5');
    const told: string[] = [];
    for (let part = 0; part < 3; part++)
      for (const o of room.tick(2, part)) if (o.left?.includes(ids[5])) told.push(o.connectionId);
    expect(told.sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });

  it('refuses bytes that are not a pose', () => {
    const { room } = line(1);
    expect(room.setLocalPose('c0', new Uint8Array(7))).toBe(false);
    expect(room.setLocalPose('nobody', at(0, 0))).toBe(false);
  });
});

describe('the pose wire format', () => {
  it('keeps positions to 2 cm and the facing to 256 steps, and clamps what is out of range', () => {
    const [pose] = decodePoses(
      (() => {
        const room = new PoseRoom(interest);
        room.addLocal('a', visitor(0));
        room.addLocal('b', visitor(1));
        room.setLocalPose(
          'b',
          encodePose({ x: 1.234, y: -0.514, z: 9999, yaw: -Math.PI / 2, speaking: true, emote: 9 }),
        );
        return of(room.tick(0), 'a')!.poses!;
      })(),
    );
    expect(pose.x).toBeCloseTo(1.24, 5);
    expect(pose.y).toBeCloseTo(-0.52, 5);
    expect(pose.z).toBeCloseTo(32767 * 0.02, 5);
    expect(pose.yaw).toBeCloseTo((3 * Math.PI) / 2, 5);
    expect(pose).toMatchObject({ speaking: true, emote: 9 });
  });
});
