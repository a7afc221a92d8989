import type { Backplane, BackplaneMessage } from './backplane';
import type { HubClients } from './hub';
import { formatRecord, MessageType } from './protocol';

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

/**
 * Every send goes through the backplane, so any node reaches any connection. This node subscribes
 * to a channel while one of its connections is a member, and hands what arrives to those members.
 */
export class FanOut<M extends Member> {
  private readonly memberships = new Map<string, Membership<M>>();

  constructor(
    private readonly backplane: Backplane,
    /** Sends a formatted record to one member. */
    private readonly sendRecord: (member: M, record: string) => void,
  ) {}

  private deliver(channel: string, message: BackplaneMessage) {
    const membership = this.memberships.get(channel);
    if (!membership) return;
    const except = new Set(message.except ?? []);
    const record = formatRecord({
      type: MessageType.Invocation,
      target: message.target,
      arguments: message.arguments,
    });
    for (const member of membership.members) {
      if (!except.has(member.connectionId)) this.sendRecord(member, record);
    }
  }

  async join(channel: string, member: M) {
    let membership = this.memberships.get(channel);
    if (!membership) {
      membership = {
        members: new Set(),
        unsubscribe: this.backplane.subscribe(channel, (message) => this.deliver(channel, message)),
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
    const send = (channel: string, target: string, args: unknown[], except?: string[]) =>
      this.backplane.publish(channel, { target, arguments: args, ...(except?.length ? { except } : {}) });
    return {
      user: (userId, target, ...args) => send(channelOf.user(name, userId), target, args),
      connection: (id, target, ...args) => send(channelOf.connection(name, id), target, args),
      group: (group, target, args, except) => send(channelOf.group(name, group), target, args, except),
      all: (target, args, except) => send(channelOf.all(name), target, args, except),
    };
  }
}
