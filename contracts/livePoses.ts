import { z } from 'zod';
import { LiveVisitor } from './live';

/**
 * Visitors' poses on the live-user hub: where each avatar stands and faces, compact and binary.
 *
 * Client → server: SendPose(bytes), about 10 times a second while the visitor moves (send it
 * without waiting for an answer, e.g. `connection.send`). `bytes` is one encoded pose (`poseBytes`,
 * 8 bytes); a JSON client sends them as base64 text.
 * Server → client, each tick (`poseDefaults.tickMs`), only what changed:
 * - Poses(bytes): entries of `poseEntryBytes` (pose id, then the pose), base64 text in JSON;
 * - PoseVisitors(LivePoseVisitor[]): who the ids the client is about to see near it belong to (sent
 *   before their first pose as a near or next-nearest visitor; further away an avatar is an
 *   impostor without a name, and its id may arrive in Poses before anyone says whose it is);
 * - PoseVisitorsLeft(number[]): ids the client knew that left the instance.
 *
 * Interest management keeps what each visitor receives bounded however many share the instance:
 * every tick the nearest `nearCount` visitors' changes, and the changes of those of the next
 * `midCount` who are speaking or emoting; once a second the rest of the next `midCount`; and of
 * everyone further away, `farPerTick` in turn (up to 2 Hz each in an instance of about a hundred,
 * every few seconds in a crowd of a thousand, where they are drawn as impostors). Nearness is on
 * the floor (x, z); the sets are worked out again every `interestEveryTicks` ticks.
 */

/** The presence constants of poses, in one table (the spec names none of them). */
export const poseDefaults = {
  /** The server's tick, and how often a moving client sends its pose (10 Hz). */
  tickMs: 100,
  /** Visitors whose changes are sent every tick (LIVE_NEAR_COUNT overrides it). */
  nearCount: 24,
  /** The next nearest: every tick while they speak or emote, else once a second. */
  midCount: 32,
  /** Of everyone further away, this many are sent per tick, in turn. */
  farPerTick: 3,
  /**
   * Each tick's sending is spread over this many parts of it (a tenth of the visitors every 10 ms),
   * so neither the server nor the network sends in bursts.
   */
  tickParts: 10,
  /** Who is near is worked out again this often (ticks; spread over the visitors). */
  interestEveryTicks: 5,
  /** Metres per unit of a quantised coordinate: ±655 m at 2 cm. */
  positionStep: 0.02,
  /** The most visitors LiveVisitorsInMySceneInstance lists (the count goes with the space's counts). */
  listedVisitors: 50,
} as const;

/** The nine emotes (platform.md §2.7), in the order of their numbers in a pose (1–9; 0 is none). */
export const emotes = [
  'Wave',
  'Clap',
  'Thumbs up',
  'Backflip',
  'Victory',
  'Finger Guns',
  'Crazy',
  'Macarena',
  'Hip Hop',
] as const;
export type Emote = (typeof emotes)[number];

/** An emote's key in the message catalogues (`viewer.emotes.<key>`): 'Thumbs up' → 'thumbsUp'. */
export const emoteKey = (emote: Emote) =>
  emote
    .split(' ')
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join('');

export interface Pose {
  x: number;
  y: number;
  z: number;
  /** Facing, radians (any value; kept to 256 steps). */
  yaw: number;
  /** Whether the visitor is talking now. */
  speaking: boolean;
  /** The emote playing (1–9, `emotes[emote - 1]`), or 0. */
  emote: number;
}

export const poseBytes = 8;
export const poseEntryBytes = 12;

const range = 32767;
const quantise = (metres: number) =>
  Math.max(
    -range,
    Math.min(range, Math.round((Number.isFinite(metres) ? metres : 0) / poseDefaults.positionStep)),
  );
const yawStep = (2 * Math.PI) / 256;

function writePose(view: DataView, at: number, pose: Pose) {
  view.setInt16(at, quantise(pose.x), true);
  view.setInt16(at + 2, quantise(pose.y), true);
  view.setInt16(at + 4, quantise(pose.z), true);
  const turns = Number.isFinite(pose.yaw) ? pose.yaw / yawStep : 0;
  view.setUint8(at + 6, ((Math.round(turns) % 256) + 256) % 256);
  const emote =
    Number.isInteger(pose.emote) && pose.emote >= 0 && pose.emote <= emotes.length ? pose.emote : 0;
  view.setUint8(at + 7, (pose.speaking ? 1 : 0) | (emote << 1));
}

function readPose(view: DataView, at: number): Pose {
  const state = view.getUint8(at + 7);
  const emote = state >> 1;
  return {
    x: view.getInt16(at, true) * poseDefaults.positionStep,
    y: view.getInt16(at + 2, true) * poseDefaults.positionStep,
    z: view.getInt16(at + 4, true) * poseDefaults.positionStep,
    yaw: view.getUint8(at + 6) * yawStep,
    speaking: (state & 1) === 1,
    emote: emote <= emotes.length ? emote : 0,
  };
}

/** One pose as the client sends it. */
export function encodePose(pose: Pose): Uint8Array {
  const bytes = new Uint8Array(poseBytes);
  writePose(new DataView(bytes.buffer), 0, pose);
  return bytes;
}

/** A pose the client sent; null when the bytes are not one. */
export function decodePose(bytes: Uint8Array): Pose | null {
  if (bytes.byteLength !== poseBytes) return null;
  return readPose(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0);
}

export interface PoseOf extends Pose {
  /** The visitor's pose id (LivePoseVisitor.poseId). */
  id: number;
}

/** Reads a Poses batch (bytes, or base64 text from a JSON connection); [] when malformed. */
export function decodePoses(data: Uint8Array | string): PoseOf[] {
  const bytes = typeof data === 'string' ? fromBase64(data) : data;
  if (!bytes || bytes.byteLength % poseEntryBytes !== 0) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const poses: PoseOf[] = [];
  for (let at = 0; at < bytes.byteLength; at += poseEntryBytes)
    poses.push({ id: view.getUint32(at, true), ...readPose(view, at + 4) });
  return poses;
}

/** Writes a Poses batch. */
export function encodePoses(poses: PoseOf[]): Uint8Array {
  const bytes = new Uint8Array(poses.length * poseEntryBytes);
  const view = new DataView(bytes.buffer);
  poses.forEach((pose, i) => {
    view.setUint32(i * poseEntryBytes, pose.id, true);
    writePose(view, i * poseEntryBytes + 4, pose);
  });
  return bytes;
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Bytes a hub method received: MessagePack bin, or base64 text from a JSON client. */
export function bytesOf(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string' && value.length <= 1024) return fromBase64(value);
  return null;
}

export const LivePoseVisitor = LiveVisitor.extend({
  /** The id of this visitor's entries in Poses (unique in the instance while they are in it). */
  poseId: z.number().int(),
}).meta({ id: 'LivePoseVisitor' });
export type LivePoseVisitor = z.infer<typeof LivePoseVisitor>;
