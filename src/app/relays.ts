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
