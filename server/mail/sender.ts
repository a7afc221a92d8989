import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db';
import { mailOutbox } from '../db/schema';

/**
 * Delivering the mail the platform queues in `mail_outbox` (password resets, district invitations):
 * with SMTP_URL through that server, else kept in the outbox (the operator reads it there) and,
 * with MAIL_DIR, written as .eml files. A failed send is tried again later, each time waiting
 * longer; after the last attempt the message is a dead letter (`dead_at`), kept with its error.
 *
 * Several server processes may deliver at once: each message is leased (its next attempt moved
 * past the lease) by one of them with `for update skip locked`, then sent outside any transaction,
 * so a slow SMTP server holds no database lock. A process that dies mid-send leaves the lease to
 * run out, and the message goes again (at least once).
 */

/** Waits after the 1st, 2nd, … failed attempt (ms); one attempt more than there are waits. */
export const mailRetryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000] as const;
export const mailMaxAttempts = mailRetryDelaysMs.length + 1;
/** How long a message being sent is kept from other senders. */
const leaseMs = 2 * 60_000;
/** How often due mail is looked for. */
export const mailPollMs = 2000;

export interface MailSenderOptions {
  db: Database;
  /** smtp:// or smtps:// URL; none keeps mail in the outbox. */
  smtpUrl?: string;
  from: string;
  /** Folder for a copy of every message as an .eml file. */
  mailDir?: string;
  log?: FastifyBaseLogger;
  /** Waits between attempts (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  dead: number;
}

type Row = typeof mailOutbox.$inferSelect;

export class MailSender {
  private readonly transport: Transporter | null;
  /** Builds the raw message (for MAIL_DIR), never sends. */
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  private readonly delays: readonly number[];
  private running: Promise<DeliveryReport> | null = null;

  constructor(private readonly options: MailSenderOptions) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.delays = options.retryDelaysMs ?? mailRetryDelaysMs;
  }

  /** 'smtp' when an SMTP server sends the mail, else 'stored'. */
  get mode(): 'smtp' | 'stored' {
    return this.transport ? 'smtp' : 'stored';
  }

  /** Delivers every message due now (one run at a time in this process). */
  deliverDue(): Promise<DeliveryReport> {
    if (!this.running)
      this.running = this.run().finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0, dead: 0 };
    for (let row = await this.lease(); row; row = await this.lease()) {
      const outcome = await this.deliver(row);
      report[outcome]++;
    }
    return report;
  }

  /** Takes the next due message for this process, or null. */
  private async lease(): Promise<Row | null> {
    const [row] = await this.options.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(
        sql`${mailOutbox.id} = (select ${mailOutbox.id} from ${mailOutbox}
          where ${mailOutbox.sentAt} is null and ${mailOutbox.deadAt} is null and ${mailOutbox.nextAttemptAt} <= now()
          order by ${mailOutbox.nextAttemptAt} limit 1 for update skip locked)`,
      )
      .returning();
    return row ?? null;
  }

  private message(row: Row) {
    return {
      from: this.options.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      messageId: `<${row.id}@${this.options.from.replace(/^.*@/, '').replace(/>.*$/, '')}>`,
      headers: { 'X-Spaces-Mail-Id': row.id },
    };
  }

  private async deliver(row: Row): Promise<'sent' | 'failed' | 'dead'> {
    const db = this.options.db;
    try {
      if (this.options.mailDir) await this.writeEml(row);
      if (this.transport) await this.transport.sendMail(this.message(row));
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, transport: this.mode, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      this.options.log?.info({ mailId: row.id, transport: this.mode }, 'mail delivered');
      return 'sent';
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const dead = attempts >= this.delays.length + 1;
      const wait = this.delays[Math.min(attempts - 1, this.delays.length - 1)];
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reason.slice(0, 1000),
          ...(dead
            ? { deadAt: sql`now()` }
            : { nextAttemptAt: sql`now() + ${`${wait} milliseconds`}::interval` }),
        })
        .where(eq(mailOutbox.id, row.id));
      this.options.log?.warn({ mailId: row.id, attempts, dead, reason }, 'mail not delivered');
      return dead ? 'dead' : 'failed';
    }
  }

  /** Writes the message as `<id>.eml` into MAIL_DIR. */
  private async writeEml(row: Row) {
    const dir = this.options.mailDir!;
    await mkdir(dir, { recursive: true });
    const built = await this.composer.sendMail(this.message(row));
    await writeFile(path.join(dir, `${row.id}.eml`), built.message as Buffer);
  }

  close() {
    this.transport?.close();
  }
}
