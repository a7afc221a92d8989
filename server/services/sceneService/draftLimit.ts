import { and, eq, sql } from 'drizzle-orm';
import { tierOf } from '../../../contracts/roles';
import { draftLimitMessage, draftLimits, type DraftsLimitAnswer } from '../../../contracts/scenes';
import type { Database, Executor, Transaction } from '../../db';
import { sceneCounts } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { lockClasses } from './locks';

const draftLimitReached = (drafts: number, limit: number) =>
  new AppError('BUSINESS_RULE', draftLimitMessage, { drafts, limit });

/** How many drafts a caller may hold (per plan: free 5, standard 20, pro unlimited). */
export class DraftLimit {
  constructor(private readonly db: Database) {}

  private async count(ownerId: string, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ n: sceneCounts.n })
      .from(sceneCounts)
      .where(and(eq(sceneCounts.ownerId, ownerId), eq(sceneCounts.state, 'Draft')));
    return row?.n ?? 0;
  }

  /** How many drafts the caller holds and may hold; 422 'Draft Limit Reached' when at the limit. */
  async check(caller: Caller): Promise<DraftsLimitAnswer> {
    const drafts = await this.count(caller.userId);
    const limit = draftLimits[tierOf(caller.roles)];
    if (limit !== null && drafts >= limit) throw draftLimitReached(drafts, limit);
    return { allowed: true, drafts, limit };
  }

  /**
   * Runs `write` in a transaction that holds the caller's draft lock, after checking the limit
   * again inside it: two simultaneous creations cannot both take the last free draft.
   */
  async withFreeDraft<T>(caller: Caller, write: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lockClasses.drafts}, hashtext(${caller.userId}))`);
      const limit = draftLimits[tierOf(caller.roles)];
      if (limit !== null) {
        const drafts = await this.count(caller.userId, tx);
        if (drafts >= limit) throw draftLimitReached(drafts, limit);
      }
      return write(tx);
    });
  }
}
