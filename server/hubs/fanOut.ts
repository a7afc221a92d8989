import { randomBytes } from 'node:crypto';
import type { Backplane, BackplaneMessage } from './backplane';
import type { HubClients } from './hub';
import { MessageType, Outgoing } from './protocol';

/** The backplane channels of a hub: one per user, per connection, per group, and one for all. */
export const channelOf = {
  user: (hub: string, userId: string) => `hub:${hub}:user:${encodeURIComponent(userId)}`,
  connection: (hub: string, id: string) => `hub:${hub}:conn:${id}`,
  group: (hub: string, group: string) => `hub:${hub}:group:${encodeURIComponent(group)}`,
  all: (hub: string) => `hub:${hub}:all`,
};

/** A connection as fan-out knows it: its id (senders may leave it out) and the channels it is in. */
export interface Member {
  connectionId: string;
  channels: Set<string>;
}

interface Membership<M> {
  members: Set<M>;
  unsubscribe: Promise<() => Promise<void>>;
}

/** Told when a send to a user could not be handed to the backplane: other nodes did not get it. */
export type UserMissed = (hub: string, userId: string, error: unknown) => void;

/**
 * Sends reach this node's connections at once and every other node through the backplane, so any
 * node reaches any connection and nobody waits on the backplane: the publish runs in the
 * background, and a send to a user that fails to go out is reported (`onUserMissed`) so the user
 * can catch up once the backplane is back. This node subscribes to a channel while one of its
 * connections is a member, and hands what other nodes send to those members.
 */
export class FanOut<M extends Member> {
  private readonly memberships = new Map<string, Membership<M>>();
  /** This node on the backplane: what it publishes carries it, and it skips its own (delivered already). */
  private readonly origin = randomBytes(9).toString('base64url');

  constructor(
    private readonly backplane: Backplane,
    /** Sends a message to one member (formatted for its protocol once per protocol). */
    private readonly sendRecord: (member: M, message: Outgoing) => void,
    private readonly onUserMissed?: UserMissed,
  ) {}

  private deliver(channel: string, message: BackplaneMessage) {
    const membership = this.memberships.get(channel);
    if (!membership) return;
    const except = new Set(message.except ?? []);
    const record = new Outgoing({
      type: MessageType.Invocation,
      target: message.target,
      arguments: message.arguments,
    });
    for (const member of membership.members) {
      if (!except.has(member.connectionId)) this.sendRecord(member, record);
    }
  }

  private fromBackplane(channel: string, message: BackplaneMessage) {
    if (message.origin !== this.origin) this.deliver(channel, message);
  }

  /** Delivers to this node's members now, and publishes for the other nodes without waiting. */
  private send(channel: string, message: BackplaneMessage, missed?: (error: unknown) => void) {
    this.deliver(channel, message);
    this.backplane
      .publish(channel, { ...message, origin: this.origin })
      .catch((error: unknown) => missed?.(error));
  }

  async join(channel: string, member: M) {
    let membership = this.memberships.get(channel);
    if (!membership) {
      membership = {
        members: new Set(),
        unsubscribe: this.backplane.subscribe(channel, (message) => this.fromBackplane(channel, message)),
      };
      this.memberships.set(channel, membership);
    }
    membership.members.add(member);
    member.channels.add(channel);
    await membership.unsubscribe;
  }

  async leave(channel: string, member: M) {
    member.channels.delete(channel);
    const membership = this.memberships.get(channel);
    if (!membership) return;
    membership.members.delete(member);
    if (membership.members.size > 0) return;
    this.memberships.delete(channel);
    await (
      await membership.unsubscribe
    )();
  }

  /** How a hub's methods and services send to its clients. */
  clientsOf(name: string): HubClients {
    const message = (target: string, args: unknown[], except?: string[]): BackplaneMessage => ({
      target,
      arguments: args,
      ...(except?.length ? { except } : {}),
    });
    return {
      user: async (userId, target, ...args) =>
        this.send(channelOf.user(name, userId), message(target, args), (error) =>
          this.onUserMissed?.(name, userId, error),
        ),
      connection: async (id, target, ...args) =>
        this.send(channelOf.connection(name, id), message(target, args)),
      group: async (group, target, args, except) =>
        this.send(channelOf.group(name, group), message(target, args, except)),
      all: async (target, args, except) => this.send(channelOf.all(name), message(target, args, except)),
    };
  }
}
