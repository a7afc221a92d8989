import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, MailMessage, MailPage, MailSummary } from '../../../contracts/operator';
import type { DatabaseHandle } from '../../../server/db';
import { uuidv7 } from '../../../server/db/ids';
import { mailOutbox, users } from '../../../server/db/schema';
import { queueResetMail } from '../../../server/identity/mail';
import { AdminService } from '../../../server/services/adminService/service';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const base = '/api/adminService';

describe.each(testDatabases())('the operator area on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let deadId: string;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    await db.db.insert(users).values([
      { id: 'ops', name: 'Olu Operator', email: 'Ops@Example.org' },
      { id: 'sam', name: 'Sam Stranger', email: 'sam@example.org' },
      { id: 'old', name: 'Former Operator', email: 'old@example.org', generalRole: 'admin', active: false },
    ]);
    await queueResetMail(db.db, 'rita@example.org', 'http://localhost:8080/reset?token=abc');
    deadId = uuidv7();
    await db.db.insert(mailOutbox).values({
      id: deadId,
      to: 'gone@example.org',
      subject: 'You are invited to Harbour',
      text: 'Hello',
      attempts: 6,
      lastError: '550 Mailbox unavailable',
      deadAt: new Date().toISOString(),
    });
    // The operator is named by ADMIN_EMAIL (any case): the role is given on start.
    t = await buildTestApp(db, { ...issuer.env, ADMIN_EMAIL: 'ops@example.org' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, as: string | null) =>
    t.app.inject({ method, url: `${base}${url}`, headers: as ? await issuer.headersFor(as) : {} });

  it('describes its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        `${base}/mail`,
        `${base}/mail/{id}`,
        `${base}/mail/{id}/retry`,
        `${base}/audit`,
      ]),
    );
  });

  it('refuses the anonymous, users without the role, a disabled operator and a forged role claim', async () => {
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/mail'],
      ['GET', `/mail/${deadId}`],
      ['POST', `/mail/${deadId}/retry`],
      ['GET', '/audit'],
    ];
    for (const [method, url] of routes) {
      expect((await call(method, url, null)).statusCode).toBe(401);
      for (const who of ['sam', 'old']) {
        const res = await call(method, url, who);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only the operators of this platform can open the operator area',
        });
      }
      // The role is read from the stored record, not from what the token claims.
      const forged = await issuer.token({ sub: 'sam', roles: ['admin'] as never });
      const res = await t.app.inject({
        method,
        url: `${base}${url}`,
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(res.statusCode).toBe(403);
    }
    // The refused retry changed nothing.
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, deadId));
    expect(row?.deadAt).not.toBeNull();
  });

  it('shows the operator the outbox: the stored mail, its text and links, by state and recipient', async () => {
    const before = MailPage.parse((await call('GET', '/mail', 'ops')).json());
    expect(before.items.map((m) => [m.to, m.status])).toEqual(
      expect.arrayContaining([
        ['rita@example.org', 'queued'],
        ['gone@example.org', 'dead'],
      ]),
    );
    // No SMTP_URL: delivery keeps the message here, where the operator reads it.
    await t.app.mailSender.deliverDue();
    const sent = MailPage.parse((await call('GET', '/mail?status=sent&to=RITA', 'ops')).json());
    expect(sent.total).toBe(1);
    expect(sent.items[0]).toMatchObject({ to: 'rita@example.org', status: 'sent', transport: 'stored' });
    const message = MailMessage.parse((await call('GET', `/mail/${sent.items[0]!.id}`, 'ops')).json());
    expect(message.subject).toBe('Reset your Spaces password');
    expect(message.text).toContain('http://localhost:8080/reset?token=abc');
    expect(message.html).toContain('href="http://localhost:8080/reset?token=abc"');

    const dead = MailPage.parse((await call('GET', '/mail?status=dead', 'ops')).json());
    expect(dead.items.map((m) => m.id)).toEqual([deadId]);
    expect(dead.items[0]).toMatchObject({ attempts: 6, lastError: '550 Mailbox unavailable' });
    // A search with LIKE's wildcards finds them as text only.
    expect(MailPage.parse((await call('GET', '/mail?to=%25', 'ops')).json()).total).toBe(0);
    const paged = MailPage.parse((await call('GET', '/mail?ipp=1&cp=1', 'ops')).json());
    expect(paged).toMatchObject({ cp: 1, ipp: 1, total: before.total });
    expect(paged.items).toHaveLength(1);
  });

  it('refuses bad queries and unknown messages with a clear error', async () => {
    for (const url of ['/mail?ipp=0', '/mail?status=lost', '/mail?cp=-1', '/audit?ipp=500']) {
      const res = await call('GET', url, 'ops');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const unknown = await call('GET', '/mail/no-such-message', 'ops');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such message' });
    expect((await call('POST', '/mail/no-such-message/retry', 'ops')).statusCode).toBe(404);
  });

  it('sends a dead letter again, refuses one that is not dead, and writes the audit log', async () => {
    const [delivered] = MailPage.parse((await call('GET', '/mail?status=sent', 'ops')).json()).items;
    const notDead = await call('POST', `/mail/${delivered!.id}/retry`, 'ops');
    expect(notDead.statusCode).toBe(422);
    expect(notDead.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'Only a message that could not be delivered can be sent again',
    });

    const retried = await call('POST', `/mail/${deadId}/retry`, 'ops');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(MailSummary.parse(retried.json())).toMatchObject({ status: 'queued', attempts: 0 });
    await t.app.mailSender.deliverDue();
    const now = MailMessage.parse((await call('GET', `/mail/${deadId}`, 'ops')).json());
    expect(now.status).toBe('sent');

    const audit = AuditPage.parse((await call('GET', '/audit', 'ops')).json());
    expect(audit.items[0]).toMatchObject({
      actorId: 'ops',
      actorName: 'Olu Operator',
      action: 'mail.retried',
      target: `mail:${deadId}`,
      details: { to: 'gone@example.org', lastError: '550 Mailbox unavailable' },
    });
    // The start-up grant is in the log too, by the platform.
    expect(audit.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: 'platform', action: 'user.operatorGranted', target: 'user:ops' }),
      ]),
    );
  });

  it('grants the role by e-mail once, and says when no user has the address', async () => {
    const service = new AdminService(db.db);
    expect(await service.grantOperator('nobody@example.org')).toBeNull();
    expect(await service.grantOperator(' SAM@example.org ')).toEqual({ userId: 'sam' });
    expect((await call('GET', '/audit', 'sam')).statusCode).toBe(200);
    const grants = AuditPage.parse((await call('GET', '/audit?ipp=100', 'sam')).json()).items.filter(
      (e) => e.target === 'user:sam',
    );
    expect(await service.grantOperator('sam@example.org')).toEqual({ userId: 'sam' });
    const again = AuditPage.parse((await call('GET', '/audit?ipp=100', 'sam')).json()).items.filter(
      (e) => e.target === 'user:sam',
    );
    expect(again).toHaveLength(grants.length);
  });
});
