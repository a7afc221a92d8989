import { avatarLookOf, formatAvatar } from '../../contracts/avatars';
import { decodePoses, emotes, type LivePoseVisitor } from '../../contracts/livePoses';
import type { EngineCommand } from '../engine/protocol';
import type { LiveVisitContext, LiveVisitEvent } from './liveVisitMachine';

/**
 * What a live visit shows of the others (the engine's `showAvatars`): their poses, who the pose ids
 * are (name and avatar) and who left, without the visitor's own and without those they blocked.
 */

/** The first argument of a hub message of this target, else undefined. */
export const messageFor = (event: LiveVisitEvent, target: string) =>
  event.type === 'live.message' && event.target === target ? event.args[0] : undefined;

/** Whose avatars are left out. */
interface Blocked {
  pose(poseId: number): boolean;
  user(userId: string): boolean;
}

const degrees = (radians: number) => Math.round(((radians * 180) / Math.PI) * 100) / 100;

/**
 * Who a pose id is, as the engine names it: their name, and the look they picked or, if none, the
 * one that follows from their user id (the same in every instance and on every visit).
 */
const avatarName = (v: LivePoseVisitor) => ({
  id: v.poseId,
  name: String(v.name).slice(0, 200),
  avatar: formatAvatar(avatarLookOf(typeof v.avatar === 'string' ? v.avatar : null, String(v.userId))),
});

/**
 * The engine command that shows the others' avatars for one hub message (Poses, PoseVisitors or
 * PoseVisitorsLeft); null for other messages. The visitor's own id is left out.
 */
export function avatarCommand(
  event: LiveVisitEvent,
  ownId: number | null,
  blocked: Blocked = { pose: () => false, user: () => false },
): EngineCommand | null {
  if (event.type !== 'live.message') return null;
  const [data] = event.args;
  type Payload = Extract<EngineCommand, { method: 'showAvatars' }>['payload'];
  const command = (payload: Partial<Payload>): EngineCommand => ({
    channel: 'Viewer',
    method: 'showAvatars',
    payload: { poses: [], names: [], left: [], ...payload },
  });
  switch (event.target) {
    case 'Poses': {
      if (typeof data !== 'string' && !(data instanceof Uint8Array)) return null;
      const poses = decodePoses(data)
        .filter((p) => p.id !== ownId && !blocked.pose(p.id))
        .map((p) => ({
          id: p.id,
          position: [p.x, p.y, p.z] as [number, number, number],
          yaw: degrees(p.yaw),
          speaking: p.speaking,
          emote: p.emote ? emotes[p.emote - 1] : null,
        }));
      return poses.length ? command({ poses }) : null;
    }
    case 'PoseVisitors': {
      if (!Array.isArray(data)) return null;
      const names = (data as LivePoseVisitor[])
        .filter(
          (v) =>
            typeof v?.poseId === 'number' &&
            v.poseId !== ownId &&
            !blocked.pose(v.poseId) &&
            !blocked.user(String(v.userId)),
        )
        .map(avatarName);
      return names.length ? command({ names }) : null;
    }
    case 'PoseVisitorsLeft': {
      if (!Array.isArray(data)) return null;
      const left = (data as unknown[]).filter((id): id is number => typeof id === 'number');
      return left.length ? command({ left }) : null;
    }
    default:
      return null;
  }
}

/** Whether a pose id, or a user, is of a visitor the reader blocked. */
export const blockedIn = (context: Pick<LiveVisitContext, 'ignored' | 'poseVisitors'>): Blocked => ({
  pose: (poseId) => {
    const who = context.poseVisitors[poseId];
    return who !== undefined && context.ignored[who.userId] === 'block';
  },
  user: (userId) => context.ignored[userId] === 'block',
});

/** Who the pose ids are after a PoseVisitors or PoseVisitorsLeft message. */
export function poseVisitorsAfter(
  known: LiveVisitContext['poseVisitors'],
  event: LiveVisitEvent,
): LiveVisitContext['poseVisitors'] {
  const named = messageFor(event, 'PoseVisitors');
  if (Array.isArray(named)) {
    const next = { ...known };
    for (const v of named as LivePoseVisitor[])
      if (typeof v?.poseId === 'number' && typeof v.userId === 'string') {
        const { name, avatar } = avatarName(v);
        next[v.poseId] = { userId: v.userId, name, avatar };
      }
    return next;
  }
  const left = messageFor(event, 'PoseVisitorsLeft');
  if (Array.isArray(left)) {
    const next = { ...known };
    for (const id of left) if (typeof id === 'number') delete next[id];
    return next;
  }
  return known;
}

/**
 * The engine command that hides (blocked) or brings back (no longer blocked) one visitor's
 * avatars; null when they have none near.
 */
export function blockCommand(
  context: LiveVisitContext,
  userId: string,
  blocked: boolean,
): EngineCommand | null {
  const ids = Object.entries(context.poseVisitors)
    .filter(([, who]) => who.userId === userId)
    .map(([id, who]) => ({ id: Number(id), name: who.name, avatar: who.avatar }));
  if (ids.length === 0) return null;
  return {
    channel: 'Viewer',
    method: 'showAvatars',
    payload: blocked
      ? { poses: [], names: [], left: ids.map((i) => i.id) }
      : { poses: [], names: ids, left: [] },
  };
}
