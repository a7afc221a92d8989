import type { FastifyBaseLogger } from 'fastify';
import type { RegisteredHub } from './connections';

/** At most this many users, over all hubs, are remembered to catch up after a backplane outage. */
export const maxMissedUsers = 10_000;
/** Users handed to a hub's onCatchUp at a time. */
const catchUpBatch = 200;

/**
 * Who may have missed messages while the backplane was down, and their catch-up once it is back:
 * users whose sends from this node did not go out (remembered as they fail, up to
 * `maxMissedUsers`), and users connected to this node (who missed what other nodes sent). Each hub
 * with an `onCatchUp` gets them in batches; runs never overlap.
 */
export class CatchUp {
  private missed = new Map<string, Set<string>>();
  private missedCount = 0;
  private running: Promise<void> | undefined;

  constructor(
    /** The registered hubs, by name. */
    private readonly hubs: ReadonlyMap<string, RegisteredHub>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** A send to `userId` on `hub` did not reach the backplane. */
  remember(hub: string, userId: string) {
    let users = this.missed.get(hub);
    if (!users) this.missed.set(hub, (users = new Set()));
    if (users.has(userId)) return;
    if (this.missedCount >= maxMissedUsers) {
      if (this.missedCount++ === maxMissedUsers)
        this.log?.warn({ maxMissedUsers }, 'too many users missed pushes; the rest will not catch up');
      return;
    }
    users.add(userId);
    this.missedCount++;
  }

  /** The backplane is back: every hub that can, catches its users up (after any run still going). */
  run(): Promise<void> {
    const next = (this.running ?? Promise.resolve()).then(() => this.once());
    this.running = next;
    void next.finally(() => {
      if (this.running === next) this.running = undefined;
    });
    return next;
  }

  private async once() {
    const missed = this.missed;
    this.missed = new Map();
    this.missedCount = 0;
    for (const hub of this.hubs.values()) {
      const onCatchUp = hub.definition.onCatchUp;
      if (!onCatchUp) continue;
      const users = new Set([...hub.connections.values()].map((c) => c.user.userId));
      for (const userId of missed.get(hub.definition.name) ?? []) users.add(userId);
      const all = [...users];
      for (let i = 0; i < all.length; i += catchUpBatch) {
        try {
          await onCatchUp(all.slice(i, i + catchUpBatch), { clients: hub.clients, log: hub.log });
        } catch (error) {
          hub.log.error({ err: error }, 'hub catch-up failed');
        }
      }
      if (all.length > 0)
        hub.log.info({ users: all.length }, 'hub clients caught up after a backplane outage');
    }
  }
}
