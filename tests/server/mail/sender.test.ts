import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db';
import { mailOutbox } from '../../../server/db/schema';
import { createAccount } from '../../../server/identity/accounts';
import { queueResetMail } from '../../../server/identity/mail';
import { buildTestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { Browser, formAction, openidClient, openSignIn, startApp } from '../identity/support';

/** A real SMTP server on a loopback port that keeps what it receives (or refuses every recipient). */
async function smtpServer(options: { refuse?: boolean } = {}) {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse) callback(new Error(`Mailbox unavailable: ${address.address}`));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async <T>(read: () => T | undefined, ms = 15_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.each(testDatabases())('mail on $name', ({ open }) => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('sends the password reset mail through the SMTP server, with its link, from MAIL_FROM', async () => {
    const smtp = await smtpServer();
    const live = await startApp(db, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Harbour Spaces <hello@spaces.test>' },
    });
    try {
      await createAccount(db.db, { email: 'forgetful-mail@example.com', password: 'correct horse battery' });
      const client = await openidClient(live);
      const browser = new Browser();
      const flow = await openSignIn(live, browser, client, `${live.origin}/authentication/callback`);
      const forgot = await browser.request(new URL(`${flow.page.url.pathname}/forgot`, live.origin));
      await browser.request(formAction(forgot.text, '/forgot', live.origin), {
        form: { email: 'forgetful-mail@example.com' },
      });

      // The sender's own polling delivers it.
      const { envelopeTo, mail } = await waitFor(() => smtp.received[0]);
      expect(envelopeTo).toEqual(['forgetful-mail@example.com']);
      expect(mail.subject).toBe('Reset your Spaces password');
      expect(mail.from?.text).toBe('"Harbour Spaces" <hello@spaces.test>');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('forgetful-mail@example.com');
      const link = new RegExp(`${live.origin}/oidc-account/reset/[A-Za-z0-9_-]{43}`).exec(
        mail.text ?? '',
      )?.[0];
      expect(link).toBeDefined();
      expect(mail.html).toContain(`href="${link}"`);
      // The link in the mail opens the reset page.
      const page = await new Browser().request(link!);
      expect(page.text).toContain('Choose a new password');

      const [row] = await db.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'forgetful-mail@example.com'));
      expect(row).toMatchObject({ transport: 'smtp', attempts: 0, deadAt: null });
      expect(row.sentAt).not.toBeNull();
    } finally {
      await live.close();
      await smtp.close();
    }
  });

  it('tries a refused mail again later, and keeps it as a dead letter after the last attempt', async () => {
    const smtp = await smtpServer({ refuse: true });
    const t = await buildTestApp(db, { SMTP_URL: smtp.url }, { mail: { pollMs: 0, retryDelaysMs: [0, 0] } });
    try {
      await queueResetMail(db.db, 'nobody-here@example.com', 'http://localhost:8080/oidc-account/reset/x');
      // Each wait is 0 ms here, so one run makes all three attempts.
      expect(await t.app.mailSender.deliverDue()).toMatchObject({ sent: 0, failed: 2, dead: 1 });
      const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody-here@example.com'));
      expect(row.attempts).toBe(3);
      expect(row.sentAt).toBeNull();
      expect(row.deadAt).not.toBeNull();
      expect(row.lastError).toContain('Mailbox unavailable');
      // A dead letter is not tried again.
      expect(await t.app.mailSender.deliverDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
      expect(smtp.received).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('waits before trying a failed mail again', async () => {
    const t = await buildTestApp(db, { SMTP_URL: 'smtp://127.0.0.1:9' }, { mail: { pollMs: 0 } });
    try {
      await queueResetMail(db.db, 'later@example.com', 'http://localhost:8080/oidc-account/reset/y');
      expect(await t.app.mailSender.deliverDue()).toMatchObject({ failed: 1 });
      const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'later@example.com'));
      expect(row.attempts).toBe(1);
      expect(new Date(row.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 50_000);
      // Not due yet: nothing is tried.
      expect(await t.app.mailSender.deliverDue()).toEqual({ sent: 0, failed: 0, dead: 0 });
    } finally {
      await t.close();
    }
  });

  it('keeps mail in the outbox without SMTP_URL, and writes each as an .eml file into MAIL_DIR', async () => {
    const mailDir = mkdtempSync(path.join(tmpdir(), 'mail-dir-'));
    const t = await buildTestApp(db, { MAIL_DIR: mailDir }, { mail: { pollMs: 0 } });
    try {
      await queueResetMail(db.db, 'local@example.com', 'http://localhost:8080/oidc-account/reset/z');
      expect((await t.app.mailSender.deliverDue()).sent).toBeGreaterThanOrEqual(1);
      const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'local@example.com'));
      expect(row.transport).toBe('stored');
      const file = readdirSync(mailDir).find((name) => name === `${row.id}.eml`);
      expect(file).toBeDefined();
      const parsed = await simpleParser(readFileSync(path.join(mailDir, file!)));
      expect(parsed.subject).toBe('Reset your Spaces password');
      expect(parsed.from?.text).toBe('"Spaces" <no-reply@localhost>');
      expect(parsed.text).toContain('http://localhost:8080/oidc-account/reset/z');
    } finally {
      await t.close();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
});
