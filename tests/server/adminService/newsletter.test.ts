import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterList, NewsletterQueued } from '../../../contracts/newsletter';
import { AuditPage } from '../../../contracts/operator';
import type { DatabaseHandle } from '../../../server/db';
import { mailOutbox, newsletterSubscribers, users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const base = '/api/adminService';
const issue = { subject: 'Autumn at the harbour', text: 'Three new exhibitions open this month.' };

describe.each(testDatabases())('sending the newsletter on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    await db.db.insert(users).values([
      { id: 'ops-n', name: 'Nia Operator', email: 'ops-n@example.org', generalRole: 'admin' },
      { id: 'u-reader', name: 'Ray Reader', email: 'ray@example.org' },
    ]);
    await db.db.insert(newsletterSubscribers).values([
      { email: 'pending@example.org', token: 'tok-pending', source: 'footer' },
      { email: 'gone@example.org', token: 'tok-gone', source: 'footer', status: 'unsubscribed' },
    ]);
    t = await buildTestApp(db, issuer.env);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const call = async (method: 'GET' | 'POST', as: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${base}/newsletter`,
      headers: {
        ...(as ? await issuer.headersFor(as) : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const mailTo = (to: string) => db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('is only for operators, and queues nothing for anyone else', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const body = method === 'POST' ? issue : undefined;
      expect((await call(method, null, body)).statusCode).toBe(401);
      const stranger = await call(method, 'u-reader', body);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().code).toBe('FORBIDDEN');
    }
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
  });

  it('refuses to send when nobody has confirmed, and a missing or too long subject or text', async () => {
    const nobody = await call('POST', 'ops-n', issue);
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'Nobody has confirmed a newsletter sign-up yet: there is no one to send it to',
    });
    for (const body of [
      {},
      { ...issue, subject: '   ' },
      { ...issue, text: '' },
      { ...issue, subject: 'x'.repeat(201) },
      { ...issue, text: 3 },
    ]) {
      const res = await call('POST', 'ops-n', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
  });

  it('sends one mail per confirmed address, each with its own unsubscribe link, and logs it', async () => {
    await db.db.insert(newsletterSubscribers).values([
      { email: 'ann@example.org', token: 'tok-ann', source: 'coming-soon', status: 'confirmed' },
      { email: 'ben@example.org', token: 'tok-ben', source: 'footer', status: 'confirmed' },
    ]);
    const before = NewsletterList.parse((await call('GET', 'ops-n')).json());
    expect(before).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1, lastIssue: null });

    const res = await call('POST', 'ops-n', { subject: '  Autumn at the harbour ', text: issue.text });
    expect(res.statusCode, res.body).toBe(202);
    expect(NewsletterQueued.parse(res.json())).toEqual({ recipients: 2 });

    const [ann] = await mailTo('ann@example.org');
    expect(ann).toMatchObject({ subject: 'Autumn at the harbour', deadAt: null });
    expect(ann!.text).toContain('Three new exhibitions open this month.');
    expect(ann!.text).toMatch(
      /Unsubscribe: http\S+\/api\/mailService\/newsletter\/unsubscribe\?token=tok-ann$/,
    );
    const [ben] = await mailTo('ben@example.org');
    expect(ben!.text).toContain('token=tok-ben');
    expect(ben!.text).not.toContain('tok-ann');
    expect(await mailTo('pending@example.org')).toEqual([]);
    expect(await mailTo('gone@example.org')).toEqual([]);

    // The link in the mail takes the address off the list.
    const link = new URL(/Unsubscribe: (\S+)/.exec(ann!.text)![1]!);
    const left = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(left.statusCode).toBe(303);
    const after = NewsletterList.parse((await call('GET', 'ops-n')).json());
    expect(after).toMatchObject({
      confirmed: 1,
      unsubscribed: 2,
      lastIssue: { subject: 'Autumn at the harbour', recipients: 2 },
    });
    const audit = AuditPage.parse(
      (await t.app.inject({ url: `${base}/audit`, headers: await issuer.headersFor('ops-n') })).json(),
    );
    expect(audit.items.find((e) => e.action === 'newsletter.sent')).toMatchObject({
      actorId: 'ops-n',
      details: { subject: 'Autumn at the harbour', recipients: 2 },
    });
  });
});
