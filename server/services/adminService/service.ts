import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  type AuditPage,
  type MailMessage,
  type MailPage,
  type MailQuery,
  type MailStatus,
  type MailSummary,
  operatorRole,
} from '../../../contracts/operator';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { auditLog, mailOutbox, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { toIsoTime } from '../../support/time';

type MailRow = typeof mailOutbox.$inferSelect;

const statusOf = (row: MailRow): MailStatus => (row.sentAt ? 'sent' : row.deadAt ? 'dead' : 'queued');

const summaryOf = (row: MailRow): MailSummary => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: statusOf(row),
  createdAt: toIsoTime(row.createdAt),
  sentAt: row.sentAt ? toIsoTime(row.sentAt) : null,
  attempts: row.attempts,
  lastError: row.lastError,
  transport: row.transport === 'smtp' || row.transport === 'stored' ? row.transport : null,
});

const statusWhere: Record<MailStatus, SQL | undefined> = {
  queued: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.deadAt)),
  sent: isNotNull(mailOutbox.sentAt),
  dead: and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.deadAt)),
};

/** `%`, `_` and `\` match themselves in a search. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The operator area's reads and actions (issue 24 §7). Every action is written to the audit log
 * in the same transaction as its change, so the log never misses one that happened.
 */
export class AdminService {
  constructor(private readonly db: Database) {}

  /** Refuses anyone whose record does not carry the operator role, or who is disabled. */
  async requireOperator(userId: string): Promise<void> {
    const [row] = await this.db
      .select({ role: users.generalRole, active: users.active })
      .from(users)
      .where(eq(users.id, userId));
    if (!row || row.role !== operatorRole || !row.active)
      throw forbidden('Only the operators of this platform can open the operator area');
  }

  async mail(query: MailQuery): Promise<MailPage> {
    const where = and(
      query.status ? statusWhere[query.status] : undefined,
      query.to ? ilike(mailOutbox.to, likeText(query.to)) : undefined,
    );
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db.select({ total: count() }).from(mailOutbox).where(where),
    ]);
    return { items: rows.map(summaryOf), cp: query.cp, ipp: query.ipp, total };
  }

  async message(id: string): Promise<MailMessage> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw notFound('No such message');
    return { ...summaryOf(row), text: row.text, html: row.html };
  }

  /** A dead letter goes back to the queue: it is tried again at once, with all its attempts. */
  async retry(actorId: string, id: string): Promise<MailSummary> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
      if (!row) throw notFound('No such message');
      if (statusOf(row) !== 'dead')
        throw new AppError('BUSINESS_RULE', 'Only a message that could not be delivered can be sent again');
      const [updated] = await tx
        .update(mailOutbox)
        .set({ deadAt: null, attempts: 0, nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id))
        .returning();
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: 'mail.retried',
        target: `mail:${id}`,
        details: { to: row.to, subject: row.subject, lastError: row.lastError },
      });
      return summaryOf(updated!);
    });
  }

  async audit(query: { cp: number; ipp: number }): Promise<AuditPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ entry: auditLog, actorName: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db.select({ total: count() }).from(auditLog),
    ]);
    return {
      items: rows.map(({ entry, actorName }) => ({
        id: entry.id,
        actorId: entry.actorId,
        actorName: actorName ?? null,
        action: entry.action,
        target: entry.target,
        details: entry.details,
        at: toIsoTime(entry.at),
      })),
      cp: query.cp,
      ipp: query.ipp,
      total,
    };
  }

  /**
   * Gives the operator role to the user with this e-mail (`npm run admin`, ADMIN_EMAIL). Answers
   * whether such a user exists; `actorId` null means the platform's own set-up.
   */
  async grantOperator(email: string, actorId: string | null = null): Promise<{ userId: string } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: users.id, role: users.generalRole })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email.trim()})`)
        .orderBy(users.signedUp)
        .limit(1);
      if (!row) return null;
      if (row.role === operatorRole) return { userId: row.id };
      await tx.update(users).set({ generalRole: operatorRole }).where(eq(users.id, row.id));
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId: actorId ?? 'platform',
        action: 'user.operatorGranted',
        target: `user:${row.id}`,
        details: { email: email.trim() },
      });
      return { userId: row.id };
    });
  }
}
