import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db';
import { oidcPayloads, passwordResets } from '../db/schema';
import { purgeSignInThrottles } from './signInThrottle';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * oidc-provider's storage in the `oidc_payloads` table: one row per (model name, id). Expiry is a
 * column; expired rows are ignored by every lookup and removed by `purgeExpired`.
 */
export class DrizzleAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly type: string,
  ) {}

  private live() {
    return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.type), condition, this.live()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    if (row.consumedAt) {
      return { ...payload, consumed: Math.floor(new Date(row.consumedAt).getTime() / 1000) };
    }
    return payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      type: this.type,
      id,
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? iso(Date.now() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    const { type: _t, id: _i, ...update } = values;
    await this.db
      .insert(oidcPayloads)
      .values(values)
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: update });
  }

  find(id: string) {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.grantId, grantId)));
  }
}

/** The ids among `grantIds` of grants that exist and have not expired. */
export async function liveGrantIds(db: Database, grantIds: readonly string[]): Promise<Set<string>> {
  if (grantIds.length === 0) return new Set();
  const rows = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'Grant'),
        inArray(oidcPayloads.id, [...new Set(grantIds)]),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The adapter factory oidc-provider calls once per model name. */
export function drizzleAdapter(db: Database): AdapterFactory {
  return (name: string) => new DrizzleAdapter(db, name);
}

/**
 * Deletes expired provider rows, password reset links that can no longer be used, and failed
 * sign-ins long forgotten.
 */
export async function purgeExpired(db: Database): Promise<void> {
  await purgeSignInThrottles(db);
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, iso(Date.now() - 24 * 60 * 60 * 1000)));
}
