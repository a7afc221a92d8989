import { randomInt } from 'node:crypto';
import { type LivePoseVisitor, poseBytes, poseDefaults, poseEntryBytes } from '../../../contracts/livePoses';
import type { LiveVisitor } from '../../../contracts/live';

/**
 * The poses of one instance of a space (pure state, no I/O) and what each of this process's
 * visitors in it is sent every tick: interest management as contracts/livePoses.ts says. Visitors
 * of other processes are here too (`addRemote`, their poses through the backplane); only this
 * process's connections receive.
 *
 * Each visitor has a slot (reused after they leave) and each change of a pose a version from one
 * counter, so what a receiver was last sent of a slot is one number in a typed array: nothing per
 * pair of visitors is allocated however many share the instance.
 */

export type InterestOptions = Record<'nearCount' | 'midCount' | 'farPerTick' | 'interestEveryTicks', number>;

interface Slot {
  poseId: number;
  /** Which occupant of the slot this is (a new visitor in an old slot is news to everyone). */
  occupant: number;
  visitor: LivePoseVisitor;
  /** The pose as sent (poseBytes); x, z read from it for nearness. */
  pose: Uint8Array;
  x: number;
  z: number;
  /** Speaking or emoting: sent at full rate from further away. */
  busy: boolean;
  version: number;
  /** The process the visitor is connected to (undefined: this one). */
  node?: string;
  connectionId?: string;
}

interface Receiver {
  slot: number;
  connectionId: string;
  /** Which tick of `interestEveryTicks` this receiver's sets are worked out on. */
  phase: number;
  near: number[];
  mid: number[];
  /** 1 near, 2 mid, 0 neither; by slot. */
  tier: Uint8Array;
  /** The version of each slot last sent (0: none). */
  sent: Float64Array;
  /** The occupant of each slot whose pose was sent (0: none): it is told when they leave. */
  known: Float64Array;
  /** The occupant of each slot whose identity was sent (0: none). */
  named: Float64Array;
  farCursor: number;
  /** Which part of the tick serves this receiver (tickParts). */
  part: number;
}

export interface TickOutput {
  connectionId: string;
  /** Who the new ids are: sent before `poses`. */
  visitors?: LivePoseVisitor[];
  poses?: Uint8Array;
  left?: number[];
}

const blankPose = () => new Uint8Array(poseBytes);

export class PoseRoom {
  private slots: (Slot | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly receivers = new Map<string, Receiver>();
  private readonly byPoseId = new Map<number, number>();
  private version = 0;
  private occupants = 0;
  /** Slots emptied lately (kept for a whole tick, so every receiver hears): who knew them is told. */
  private gone: { slot: number; occupant: number; poseId: number; call: number }[] = [];
  private calls = 0;
  private nextPhase = 0;
  private fresh: LivePoseVisitor[] = [];
  /** The receivers of each part of a tick. */
  private readonly parted: Receiver[][] = [];
  /** Scratch space of `tick` and `choose`, reused so that a tick allocates little. */
  private readonly picked: number[] = [];
  private readonly candidates: number[] = [];
  private distances = new Float64Array(0);

  constructor(
    private readonly interest: InterestOptions = poseDefaults,
    /** Receivers are served in this many parts of a tick, one part per `tick` call. */
    private readonly parts = 1,
  ) {}

  get size() {
    return this.byPoseId.size;
  }

  /** Whether this process has visitors here. */
  get hasReceivers() {
    return this.receivers.size > 0;
  }

  /** Adds a visitor of this process; answers their pose id. */
  addLocal(connectionId: string, visitor: LiveVisitor): number {
    let poseId: number;
    do poseId = randomInt(1, 2 ** 32 - 1);
    while (this.byPoseId.has(poseId));
    const poseVisitor = { ...visitor, poseId };
    const slot = this.place(poseVisitor, undefined, connectionId);
    this.fresh.push(poseVisitor);
    const capacity = this.slots.length;
    const order = this.nextPhase++;
    const receiver: Receiver = {
      slot,
      connectionId,
      part: order % this.parts,
      phase: Math.floor(order / this.parts) % this.interest.interestEveryTicks,
      near: [],
      mid: [],
      tier: new Uint8Array(capacity),
      sent: new Float64Array(capacity),
      known: new Float64Array(capacity),
      named: new Float64Array(capacity),
      farCursor: 0,
    };
    this.receivers.set(connectionId, receiver);
    (this.parted[receiver.part] ??= []).push(receiver);
    return poseId;
  }

  /** Adds (or updates) a visitor of another process; an id already taken here is ignored. */
  addRemote(node: string, visitor: LivePoseVisitor) {
    const at = this.byPoseId.get(visitor.poseId);
    if (at !== undefined) {
      const slot = this.slots[at]!;
      if (slot.node === node) slot.visitor = visitor;
      return;
    }
    this.place(visitor, node);
  }

  /** Who of this process is here, to share with the other processes. */
  localVisitors(): LivePoseVisitor[] {
    this.fresh = [];
    return this.slots.filter((s): s is Slot => !!s && !s.node).map((s) => s.visitor);
  }

  /** Who of this process came since this was last asked (or `localVisitors`). */
  takeNewLocal(): LivePoseVisitor[] {
    const fresh = this.fresh.filter((v) => this.byPoseId.has(v.poseId));
    this.fresh = [];
    return fresh;
  }

  /** The pose ids of another process's visitors here. */
  remoteIds(node: string): number[] {
    return this.slots.filter((s): s is Slot => s?.node === node).map((s) => s.poseId);
  }

  /** Takes a visitor of this process out. */
  removeLocal(connectionId: string) {
    const receiver = this.receivers.get(connectionId);
    if (!receiver) return undefined;
    this.receivers.delete(connectionId);
    const part = this.parted[receiver.part];
    part.splice(part.indexOf(receiver), 1);
    const poseId = this.slots[receiver.slot]!.poseId;
    this.empty(receiver.slot);
    return poseId;
  }

  /** Takes a visitor of another process out (or all of a process's, without `poseId`). */
  removeRemote(node: string, poseId?: number) {
    if (poseId !== undefined) {
      const at = this.byPoseId.get(poseId);
      if (at !== undefined && this.slots[at]!.node === node) this.empty(at);
      return;
    }
    this.slots.forEach((slot, at) => {
      if (slot?.node === node) this.empty(at);
    });
  }

  /** The pose of a visitor of this process; false when the bytes are not a pose. */
  setLocalPose(connectionId: string, pose: Uint8Array): boolean {
    const receiver = this.receivers.get(connectionId);
    if (!receiver || pose.byteLength !== poseBytes) return false;
    this.setPose(receiver.slot, pose);
    return true;
  }

  /** Poses shared by another process: entries of poseEntryBytes. */
  setRemotePoses(node: string, entries: Uint8Array) {
    const view = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
    for (let at = 0; at + poseEntryBytes <= entries.byteLength; at += poseEntryBytes) {
      const slot = this.byPoseId.get(view.getUint32(at, true));
      if (slot !== undefined && this.slots[slot]!.node === node)
        this.setPose(slot, entries.subarray(at + 4, at + poseEntryBytes));
    }
  }

  /** This process's visitors' poses changed after `version` (entries), and the version now. */
  localChangesSince(version: number): { entries: Uint8Array; version: number } {
    const changed = this.slots.filter((s): s is Slot => !!s && !s.node && s.version > version);
    const entries = new Uint8Array(changed.length * poseEntryBytes);
    const view = new DataView(entries.buffer);
    changed.forEach((slot, i) => {
      view.setUint32(i * poseEntryBytes, slot.poseId, true);
      entries.set(slot.pose, i * poseEntryBytes + 4);
    });
    return { entries, version: this.version };
  }

  /**
   * What the receivers of this part of tick `tickNumber` are sent (only those with something to
   * send); with one part, every receiver.
   */
  tick(tickNumber: number, part = 0): TickOutput[] {
    const outputs: TickOutput[] = [];
    const call = this.calls++;
    const gone = this.gone;
    const { interestEveryTicks, farPerTick } = this.interest;
    const midTurn = Math.round(1000 / poseDefaults.tickMs);
    const slots = this.slots;
    const count = slots.length;
    const picked = this.picked;
    for (const receiver of this.parted[part] ?? []) {
      this.fit(receiver);
      if (tickNumber % interestEveryTicks === receiver.phase) this.choose(receiver);
      const { sent, tier, named } = receiver;
      picked.length = 0;
      // Changed since last sent; near ones also when this receiver has not been told who they are.
      for (const slot of receiver.near) {
        const s = slots[slot];
        if (s && (sent[slot] !== s.version || named[slot] !== s.occupant)) picked.push(slot);
      }
      const mid = receiver.mid;
      for (let i = 0; i < mid.length; i++) {
        const slot = mid[i];
        const s = slots[slot];
        if (!s || (!s.busy && (i + tickNumber) % midTurn !== 0)) continue;
        if (sent[slot] !== s.version || named[slot] !== s.occupant) picked.push(slot);
      }
      // The rest, in turn.
      let given = 0;
      for (let looked = 0; looked < count && given < farPerTick; looked++) {
        const slot = (receiver.farCursor + looked) % count;
        const s = slots[slot];
        if (slot === receiver.slot || tier[slot] || !s) continue;
        given++;
        if (sent[slot] !== s.version) picked.push(slot);
        if (given === farPerTick) receiver.farCursor = slot + 1;
      }
      if (given < farPerTick) receiver.farCursor = 0;

      const output: TickOutput = { connectionId: receiver.connectionId };
      if (gone.length) {
        const left = gone.filter((g) => receiver.known[g.slot] === g.occupant);
        for (const g of left) {
          receiver.known[g.slot] = 0;
          named[g.slot] = 0;
          sent[g.slot] = 0;
        }
        if (left.length) output.left = left.map((g) => g.poseId);
      }
      if (picked.length) {
        const entries = new Uint8Array(picked.length * poseEntryBytes);
        const view = new DataView(entries.buffer);
        let visitors: LivePoseVisitor[] | undefined;
        for (let i = 0; i < picked.length; i++) {
          const slot = picked[i];
          const s = slots[slot]!;
          receiver.known[slot] = s.occupant;
          if (tier[slot] && named[slot] !== s.occupant) {
            named[slot] = s.occupant;
            (visitors ??= []).push(s.visitor);
          }
          sent[slot] = s.version;
          view.setUint32(i * poseEntryBytes, s.poseId, true);
          entries.set(s.pose, i * poseEntryBytes + 4);
        }
        if (visitors) output.visitors = visitors;
        output.poses = entries;
      }
      if (output.left || output.poses) outputs.push(output);
    }
    // A departure stays until every part of a tick has been served since.
    if (gone.length) this.gone = gone.filter((g) => g.call > call - this.parts);
    return outputs;
  }

  private place(visitor: LivePoseVisitor, node?: string, connectionId?: string): number {
    const at = this.free.pop() ?? this.slots.length;
    this.slots[at] = {
      poseId: visitor.poseId,
      occupant: ++this.occupants,
      visitor,
      pose: blankPose(),
      x: 0,
      z: 0,
      busy: false,
      // Unsent: a pose of all zeros is sent like any other (the visitor stands at the origin).
      version: ++this.version,
      node,
      connectionId,
    };
    this.byPoseId.set(visitor.poseId, at);
    return at;
  }

  private empty(at: number) {
    const slot = this.slots[at];
    if (!slot) return;
    this.slots[at] = undefined;
    this.byPoseId.delete(slot.poseId);
    this.free.push(at);
    this.gone.push({ slot: at, occupant: slot.occupant, poseId: slot.poseId, call: this.calls });
  }

  private setPose(at: number, pose: Uint8Array) {
    const slot = this.slots[at]!;
    let same = true;
    for (let i = 0; i < poseBytes; i++) if (slot.pose[i] !== pose[i]) same = false;
    if (same) return;
    slot.pose.set(pose);
    const view = new DataView(slot.pose.buffer);
    slot.x = view.getInt16(0, true);
    slot.z = view.getInt16(4, true);
    slot.busy = slot.pose[7] !== 0;
    slot.version = ++this.version;
  }

  /** Grows a receiver's arrays to the room's slots. */
  private fit(receiver: Receiver) {
    const capacity = this.slots.length;
    if (receiver.sent.length >= capacity) return;
    const grown = Math.max(capacity, receiver.sent.length * 2);
    const tier = new Uint8Array(grown);
    tier.set(receiver.tier);
    const sent = new Float64Array(grown);
    sent.set(receiver.sent);
    const known = new Float64Array(grown);
    known.set(receiver.known);
    const named = new Float64Array(grown);
    named.set(receiver.named);
    Object.assign(receiver, { tier, sent, known, named });
  }

  /** Works out who is near and next nearest to a receiver (by distance on the floor). */
  private choose(receiver: Receiver) {
    const slots = this.slots;
    const self = slots[receiver.slot]!;
    const { nearCount, midCount } = this.interest;
    for (const slot of receiver.near) receiver.tier[slot] = 0;
    for (const slot of receiver.mid) receiver.tier[slot] = 0;
    if (this.distances.length < slots.length) this.distances = new Float64Array(slots.length * 2);
    const distances = this.distances;
    const candidates = this.candidates;
    candidates.length = 0;
    for (let at = 0; at < slots.length; at++) {
      const slot = slots[at];
      if (!slot || at === receiver.slot) continue;
      candidates.push(at);
      const dx = slot.x - self.x;
      const dz = slot.z - self.z;
      distances[at] = dx * dx + dz * dz;
    }
    const wanted = Math.min(candidates.length, nearCount + midCount);
    if (candidates.length > wanted) select(candidates, wanted, distances);
    const nearest = candidates.slice(0, wanted).sort((a, b) => distances[a] - distances[b]);
    receiver.near = nearest.slice(0, nearCount);
    receiver.mid = nearest.slice(nearCount);
    for (const slot of receiver.near) receiver.tier[slot] = 1;
    for (const slot of receiver.mid) receiver.tier[slot] = 2;
  }
}

/** Puts the k items of least `key[item]` first, in any order (quickselect, in place). */
function select(items: number[], k: number, key: Float64Array) {
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const pivot = key[items[(low + high) >> 1]];
    let i = low;
    let j = high;
    while (i <= j) {
      while (key[items[i]] < pivot) i++;
      while (key[items[j]] > pivot) j--;
      if (i <= j) {
        const swap = items[i];
        items[i] = items[j];
        items[j] = swap;
        i++;
        j--;
      }
    }
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else return;
  }
}
