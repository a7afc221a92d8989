import type { AnyActorRef } from 'xstate';

/** One actor of the app's system as the actor tree shows it. */
export interface ActorNode {
  /** Its id among its parent's children. */
  id: string;
  /** The id it is reached by anywhere in the system, if it has one. */
  systemId?: string;
  /** The machine it runs (a machine's id), or 'promise' / 'callback' / … for other logic. */
  logic: string;
  /** Where it is: a machine's state value, or the actor's status. */
  state: string;
  children: ActorNode[];
}

interface ActorSnapshotLike {
  status?: string;
  value?: unknown;
  children?: Record<string, AnyActorRef | undefined>;
}

const logicName = (actor: AnyActorRef) => {
  const logic = (actor as { logic?: { id?: string; config?: unknown } }).logic;
  if (logic && typeof logic.id === 'string' && logic.config) return logic.id;
  return typeof actor.src === 'string' ? actor.src : 'actor';
};

const stateOf = (snapshot: ActorSnapshotLike) =>
  snapshot.value === undefined
    ? (snapshot.status ?? 'active')
    : typeof snapshot.value === 'string'
      ? snapshot.value
      : JSON.stringify(snapshot.value);

/** The tree of running actors under `actor`, as its snapshots say now. */
export function actorTreeOf(actor: AnyActorRef): ActorNode {
  const snapshot = actor.getSnapshot() as ActorSnapshotLike;
  const children = Object.values(snapshot.children ?? {}).filter(
    (child): child is AnyActorRef => child !== undefined,
  );
  const systemId = (actor as { systemId?: string }).systemId;
  return {
    id: actor.id,
    ...(systemId ? { systemId } : {}),
    logic: logicName(actor),
    state: stateOf(snapshot),
    children: children.map(actorTreeOf),
  };
}
