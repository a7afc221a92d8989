import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type AuditPage,
  type MailMessage,
  type MailPage,
  type MailQuery,
  type MailStatus,
  type MailSummary,
  type OperatorReport,
  operatorReportMessages,
  operatorRole,
  type ReportPage,
  type ReportQuery,
  type ReportResolution,
  type ReportSettled,
  type OperatorUser,
  operatorUserMessages,
  type UserPage,
  type UserQuery,
} from '../../../contracts/operator';
import {
  newsletterIssueMessages,
  type NewsletterList,
  type NewsletterQueued,
} from '../../../contracts/newsletter';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import {
  auditLog,
  mailOutbox,
  newsletterSubscribers,
  sceneComments,
  scenes,
  socialReports,
  users,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { endSessions } from '../../identity/accounts';
import { queueMail } from '../../mail/outbox';
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

const owners = aliasedTable(users, 'owners');
const authors = aliasedTable(users, 'authors');
const resolvers = aliasedTable(users, 'resolvers');

/** A report with what it is about, as the operator reads it. */
const reportSelection = {
  report: socialReports,
  reporterName: users.name,
  title: scenes.title,
  ownerId: scenes.ownerId,
  ownerName: owners.name,
  spaceHiddenAt: scenes.hiddenByOperatorAt,
  body: sceneComments.body,
  commentHiddenAt: sceneComments.hiddenAt,
  authorName: authors.name,
  resolverName: resolvers.name,
};

/** `%`, `_` and `\` match themselves in a search. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The operator area's reads and actions (issue 24 §7). Every action is written to the audit log
 * in the same transaction as its change, so the log never misses one that happened.
 */
export class AdminService {
  /**
   * @param eraseUser removes a user for good, as deleting one's own account does (their record,
   *   spaces, files and sign-in account).
   */
  constructor(
    private readonly db: Database,
    private readonly eraseUser: (userId: string) => Promise<void> = async () => {
      throw new Error('eraseUser not provided');
    },
  ) {}

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

  private reportsQuery(executor: Pick<Database, 'select'> = this.db) {
    return executor
      .select(reportSelection)
      .from(socialReports)
      .innerJoin(scenes, eq(scenes.id, socialReports.sceneId))
      .leftJoin(users, eq(users.id, socialReports.reporterId))
      .leftJoin(owners, eq(owners.id, scenes.ownerId))
      .leftJoin(sceneComments, eq(sceneComments.id, socialReports.commentId))
      .leftJoin(authors, eq(authors.id, sceneComments.userId))
      .leftJoin(resolvers, eq(resolvers.id, socialReports.resolvedBy));
  }

  private static reportOf(row: Awaited<ReturnType<AdminService['reportsQuery']>>[number]): OperatorReport {
    const { report } = row;
    return {
      id: report.id,
      reason: report.reason as OperatorReport['reason'],
      text: report.text,
      createdAt: toIsoTime(report.createdAt),
      reporter: { userId: report.reporterId, name: row.reporterName ?? null },
      space: {
        sceneId: report.sceneId,
        title: row.title,
        ownerId: row.ownerId,
        ownerName: row.ownerName ?? null,
        hiddenByOperator: row.spaceHiddenAt !== null,
      },
      comment:
        report.commentId && row.body !== null
          ? {
              commentId: report.commentId,
              body: row.body,
              authorName: row.authorName ?? null,
              hidden: row.commentHiddenAt !== null,
            }
          : null,
      resolution: (report.resolution as ReportResolution | null) ?? null,
      resolvedAt: report.resolvedAt ? toIsoTime(report.resolvedAt) : null,
      resolverName: row.resolverName ?? null,
    };
  }

  /** Open reports oldest first (the longest waiting on top), settled ones newest first. */
  async reports(query: ReportQuery): Promise<ReportPage> {
    const open = query.state === 'open';
    const where = open ? isNull(socialReports.resolvedAt) : isNotNull(socialReports.resolvedAt);
    const [rows, [{ total }]] = await Promise.all([
      this.reportsQuery()
        .where(where)
        .orderBy(
          ...(open
            ? [asc(socialReports.createdAt), asc(socialReports.id)]
            : [desc(socialReports.resolvedAt), desc(socialReports.id)]),
        )
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db.select({ total: count() }).from(socialReports).where(where),
    ]);
    return { items: rows.map(AdminService.reportOf), cp: query.cp, ipp: query.ipp, total };
  }

  /**
   * Settles an open report and every other open one about the same thing: `dismissed` leaves the
   * thing as it is; `hidden` hides the comment (as its space's owner can) or the space (its owner
   * cannot show it again; visitors get 403 and it leaves every list). Written to the audit log.
   */
  async settleReport(actorId: string, id: string, resolution: ReportResolution): Promise<ReportSettled> {
    return this.db.transaction(async (tx) => {
      const [report] = await tx.select().from(socialReports).where(eq(socialReports.id, id)).for('update');
      if (!report) throw notFound('No such report');
      if (report.resolvedAt) throw new AppError('BUSINESS_RULE', operatorReportMessages.settled);
      const [space] = await tx
        .select({ title: scenes.title })
        .from(scenes)
        .where(eq(scenes.id, report.sceneId));
      if (resolution === 'hidden') {
        if (report.commentId)
          await tx
            .update(sceneComments)
            .set({
              hiddenAt: sql`coalesce(${sceneComments.hiddenAt}, now())`,
              hiddenByOperatorAt: sql`coalesce(${sceneComments.hiddenByOperatorAt}, now())`,
            })
            .where(eq(sceneComments.id, report.commentId));
        else
          await tx
            .update(scenes)
            .set({ visible: false, hiddenByOperatorAt: sql`coalesce(${scenes.hiddenByOperatorAt}, now())` })
            .where(eq(scenes.id, report.sceneId));
      }
      const sameThing = and(
        eq(socialReports.sceneId, report.sceneId),
        report.commentId ? eq(socialReports.commentId, report.commentId) : isNull(socialReports.commentId),
        isNull(socialReports.resolvedAt),
      );
      const settled = await tx
        .update(socialReports)
        .set({ resolution, resolvedAt: sql`now()`, resolvedBy: actorId })
        .where(sameThing)
        .returning({ id: socialReports.id });
      const thing = report.commentId ? `comment:${report.commentId}` : `space:${report.sceneId}`;
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: resolution === 'hidden' ? 'report.hidden' : 'report.dismissed',
        target: thing,
        details: { report: id, reason: report.reason, space: space?.title ?? null, reports: settled.length },
      });
      const [row] = await this.reportsQuery(tx).where(eq(socialReports.id, id));
      return { report: AdminService.reportOf(row!), settled: settled.length };
    });
  }

  /**
   * Shows again a space an operator hid after a report (its owner may then show or hide it as
   * before). Written to the audit log. 404 for an unknown space, 422 for one no operator hid.
   */
  async showSpace(actorId: string, sceneId: string): Promise<{ sceneId: string }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ title: scenes.title, hiddenAt: scenes.hiddenByOperatorAt, deletedAt: scenes.deletedAt })
        .from(scenes)
        .where(eq(scenes.id, sceneId))
        .for('update');
      if (!row || row.deletedAt) throw notFound('No such space');
      if (!row.hiddenAt) throw new AppError('BUSINESS_RULE', operatorReportMessages.notHidden);
      await tx.update(scenes).set({ visible: true, hiddenByOperatorAt: null }).where(eq(scenes.id, sceneId));
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: 'space.shown',
        target: `space:${sceneId}`,
        details: { space: row.title },
      });
      return { sceneId };
    });
  }

  /** Users, newest sign-up first; `q` finds a name, username or e-mail containing it. */
  async users(query: UserQuery): Promise<UserPage> {
    const q = query.q ? likeText(query.q) : null;
    const where = q
      ? sql`(${users.name} ilike ${q} or ${users.username} ilike ${q} or ${users.email} ilike ${q})`
      : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.signedUp), desc(users.id))
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { items: rows.map(AdminService.userOf), cp: query.cp, ipp: query.ipp, total };
  }

  private static userOf(row: typeof users.$inferSelect): OperatorUser {
    return {
      userId: row.id,
      name: row.name,
      username: row.username,
      email: row.email,
      plan: row.plan,
      operator: row.generalRole === operatorRole,
      active: row.active,
      signedUp: toIsoTime(row.signedUp),
      lastLogin: row.lastLogin ? toIsoTime(row.lastLogin) : null,
    };
  }

  /**
   * Disables an account (it can no longer sign in, and it is signed out everywhere: its tokens stop
   * working within a minute) or enables it again. An operator cannot disable themselves. Audited.
   */
  async setActive(actorId: string, userId: string, active: boolean): Promise<OperatorUser> {
    if (userId === actorId && !active) throw new AppError('BUSINESS_RULE', operatorUserMessages.notYourself);
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('No such user');
      if (before.active === active) return before;
      const [after] = await tx.update(users).set({ active }).where(eq(users.id, userId)).returning();
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: active ? 'user.enabled' : 'user.disabled',
        target: `user:${userId}`,
        details: { name: before.name, email: before.email },
      });
      return after!;
    });
    if (!active) await endSessions(this.db, userId);
    return AdminService.userOf(row);
  }

  /**
   * Gives a user a plan (a partner's, a refund's): their next access token carries it. When they
   * pay for a subscription, its next event sets the subscribed plan again. Audited.
   */
  async setPlan(actorId: string, userId: string, plan: string): Promise<OperatorUser> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('No such user');
      if (before.plan === plan) return before;
      const [after] = await tx
        .update(users)
        .set({ plan, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: 'user.planChanged',
        target: `user:${userId}`,
        details: { name: before.name, email: before.email, from: before.plan, to: plan },
      });
      return after!;
    });
    return AdminService.userOf(row);
  }

  /**
   * Deletes a user for good, as they can themselves: their record, spaces, files and sign-in
   * account (signed out everywhere). Not the operator themselves, nor another operator. The audit
   * entry keeps the name and e-mail, written before the user goes.
   */
  async deleteUser(actorId: string, userId: string): Promise<void> {
    if (userId === actorId) throw new AppError('BUSINESS_RULE', operatorUserMessages.notYourselfDeleted);
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('No such user');
    if (row.generalRole === operatorRole)
      throw new AppError('BUSINESS_RULE', operatorUserMessages.operatorNotDeleted);
    await this.db.insert(auditLog).values({
      id: uuidv7(),
      actorId,
      action: 'user.deleted',
      target: `user:${userId}`,
      details: { name: row.name, email: row.email, plan: row.plan },
    });
    await this.eraseUser(userId);
  }

  /** The newsletter list: addresses per state, and the last issue sent (from the audit log). */
  async newsletter(): Promise<NewsletterList> {
    const rows = await this.db
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status);
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    const [last] = await this.db
      .select({ details: auditLog.details, at: auditLog.at })
      .from(auditLog)
      .where(eq(auditLog.action, 'newsletter.sent'))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1);
    return {
      confirmed: of('confirmed'),
      pending: of('pending'),
      unsubscribed: of('unsubscribed'),
      lastIssue: last
        ? {
            subject: String(last.details.subject ?? ''),
            recipients: Number(last.details.recipients ?? 0),
            at: toIsoTime(last.at),
          }
        : null,
    };
  }

  /**
   * Queues one mail per confirmed address, each ending with its own unsubscribe link; pending and
   * unsubscribed addresses get nothing. Audited with the subject and the count. 422 when nobody
   * has confirmed.
   */
  async sendNewsletter(
    actorId: string,
    issue: { subject: string; text: string },
    unsubscribeLink: (token: string) => string,
    site: string,
  ): Promise<NewsletterQueued> {
    return this.db.transaction(async (tx) => {
      const readers = await tx
        .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.status, 'confirmed'))
        .orderBy(asc(newsletterSubscribers.email));
      if (readers.length === 0) throw new AppError('BUSINESS_RULE', newsletterIssueMessages.nobody);
      await queueMail(
        tx,
        readers.map((reader) => ({
          to: reader.email,
          subject: issue.subject,
          text: [
            issue.text,
            '',
            '--',
            `You receive this because you joined the newsletter of ${site}.`,
            `Unsubscribe: ${unsubscribeLink(reader.token)}`,
          ].join('\n'),
        })),
      );
      await tx.insert(auditLog).values({
        id: uuidv7(),
        actorId,
        action: 'newsletter.sent',
        target: 'newsletter',
        details: { subject: issue.subject, recipients: readers.length },
      });
      return { recipients: readers.length };
    });
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
