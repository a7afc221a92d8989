import { type AnyActorRef, type EventObject, fromCallback } from 'xstate';
import type { HubMessage } from '../machines/hubConnectionMachine';
import type { SessionSnapshot, SessionUser } from '../machines/sessionMachine';

/**
 * Callback actors that carry what one actor of the system says to another that listens: wiring
 * only, no rules (the listening machine decides what an event means).
 */

/** The part of an actor system a relay uses: finding an actor by its systemId. */
interface ActorFinder {
  get(systemId: string): AnyActorRef | undefined;
}

/** The signed-in user, as the system's session knows it now (null when nobody is). */
export function signedInUser(system: ActorFinder): SessionUser | null {
  const session = system.get('session')?.getSnapshot() as SessionSnapshot | undefined;
  return session?.context.user ?? null;
}

/** Calls `handler` with every message of the notification hub (`system.get('notifications')`). */
export function onHubMessage(system: ActorFinder, handler: (message: HubMessage) => void): () => void {
  const hub = system.get('notifications');
  if (!hub) return () => {};
  const subscription = hub.on('hub.received', handler);
  return () => subscription.unsubscribe();
}

/**
 * An actor that turns each notification-hub message of `target` into an event of its parent
 * (whose events are `TEvent`): `toEvent` answers the event for the message's payload, or null to
 * let it pass.
 */
export function hubMessages<TEvent extends EventObject>(
  target: string,
  toEvent: (payload: unknown) => TEvent | null,
) {
  return fromCallback<TEvent>(({ system, sendBack }) =>
    onHubMessage(system, (message) => {
      if (message.target !== target) return;
      const event = toEvent(message.args[0]);
      if (event) sendBack(event);
    }),
  );
}

/**
 * An actor that tells its parent about a part of the session (`select`), now and whenever it
 * changes: `toEvent` answers the event for the part's value (and the whole session).
 */
export function sessionPart<TEvent extends EventObject, TPart>(
  select: (session: SessionSnapshot['context']) => TPart,
  toEvent: (part: TPart, session: SessionSnapshot['context']) => TEvent,
) {
  return fromCallback<TEvent>(({ system, sendBack }) => {
    const session = system.get('session');
    if (!session) return () => {};
    let told = false;
    let last: TPart | undefined;
    const follow = (snapshot: SessionSnapshot) => {
      const part = select(snapshot.context);
      if (told && Object.is(part, last)) return;
      told = true;
      last = part;
      sendBack(toEvent(part, snapshot.context));
    };
    follow(session.getSnapshot());
    const subscription = session.subscribe(follow);
    return () => subscription.unsubscribe();
  });
}

/**
 * An actor that tells its parent about the signed-in user, now and whenever another one is (null:
 * nobody): `toEvent` answers the event for the user.
 */
export function sessionChanges<TEvent extends EventObject>(
  toEvent: (user: SessionSnapshot['context']['user']) => TEvent,
) {
  return sessionPart<TEvent, string | null>(
    (session) => session.user?.userId ?? null,
    (_userId, session) => toEvent(session.user),
  );
}

/**
 * For a connection that serves signed-in users and guests alike: `start` once the session knows
 * who the visitor is (someone or nobody), then `stop` and `start` again whenever that changes, so
 * that the connection is always the current visitor's.
 */
export function sessionRestarts<TEvent extends EventObject>(start: TEvent, stop: TEvent) {
  return fromCallback<TEvent>(({ system, sendBack }) => {
    const session = system.get('session');
    if (!session) return () => {};
    let last: string | null | undefined;
    const follow = (snapshot: SessionSnapshot) => {
      // Not yet known while the session starts, checks, completes a sign-in or signs out.
      if (!snapshot.matches('signedIn') && !snapshot.matches('signedOut')) return;
      const userId = snapshot.context.user?.userId ?? null;
      if (userId === last) return;
      if (last !== undefined) sendBack(stop);
      last = userId;
      sendBack(start);
    };
    follow(session.getSnapshot() as SessionSnapshot);
    const subscription = session.subscribe((snapshot: unknown) => follow(snapshot as SessionSnapshot));
    return () => subscription.unsubscribe();
  });
}
