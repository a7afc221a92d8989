import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterMessages, newsletterRules } from '../../../contracts/newsletter';
import type { DatabaseHandle } from '../../../server/db';
import { mailOutbox, newsletterSubscribers } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';

const base = '/api/mailService/newsletter';

describe.each(testDatabases())('the newsletter list on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let address = 0;
  const from = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    db = await open();
    t = await buildTestApp(db, { PUBLIC_ORIGIN: 'https://spaces.example.test' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  const subscribe = (body: unknown, ip = from()) =>
    t.app.inject({ method: 'POST', url: `${base}/subscribe`, remoteAddress: ip, payload: body as object });
  const mailsTo = (to: string) =>
    db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
  const row = async (email: string) =>
    (await db.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  const follow = (url: string) =>
    t.app.inject({ method: 'GET', url: url.replace('https://spaces.example.test', '') });

  it('asks the address to confirm, by a mail with the confirm and unsubscribe links', async () => {
    const res = await subscribe({ email: '  Grace@Example.org ', source: 'coming-soon' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: newsletterMessages.sent });
    expect(await row('grace@example.org')).toMatchObject({ status: 'pending', source: 'coming-soon' });
    const [mail] = await mailsTo('grace@example.org');
    expect(mail.subject).toBe('Confirm your newsletter sign-up');
    const confirm = mail.text.match(
      /https:\/\/spaces\.example\.test\/api\/mailService\/newsletter\/confirm\?token=\S+/,
    )?.[0];
    const unsubscribe = mail.text.match(
      /Unsubscribe: (https:\/\/\S+\/newsletter\/unsubscribe\?token=\S+)/,
    )?.[1];
    expect(confirm).toBeTruthy();
    expect(unsubscribe).toBeTruthy();

    // The link confirms, and lands on the coming-soon page saying so.
    const confirmed = await follow(confirm!);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/coming-soon?newsletter=confirmed');
    expect(await row('grace@example.org')).toMatchObject({ status: 'confirmed' });
    // Asking again sends nothing new, and answers the same.
    const again = await subscribe({ email: 'grace@example.org' });
    expect(again.statusCode).toBe(202);
    expect(await mailsTo('grace@example.org')).toHaveLength(1);

    // The other link takes the address off; signing up again asks to confirm again.
    const off = await follow(unsubscribe!);
    expect(off.headers.location).toBe('/coming-soon?newsletter=unsubscribed');
    expect(await row('grace@example.org')).toMatchObject({ status: 'unsubscribed' });
    // The old confirmation link does not bring the address back.
    expect((await follow(confirm!)).headers.location).toBe('/coming-soon?newsletter=invalid');
    expect(await row('grace@example.org')).toMatchObject({ status: 'unsubscribed' });
    await subscribe({ email: 'grace@example.org', source: 'footer' });
    expect(await row('grace@example.org')).toMatchObject({ status: 'pending' });
    expect(await mailsTo('grace@example.org')).toHaveLength(2);
  });

  it('answers a made-up token with the invalid landing, changing nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/confirm?token=forged-token` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/coming-soon?newsletter=invalid');
    expect((await t.app.inject({ method: 'GET', url: `${base}/confirm` })).statusCode).toBe(400);
  });

  it('refuses a missing or invalid address with the contact form’s words, and stores nothing', async () => {
    for (const email of ['', 'not-an-address', `${'a'.repeat(260)}@example.org`]) {
      const res = await subscribe({ email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await subscribe({ email: 'x@example.org', source: 'spam' })).statusCode).toBe(400);
    expect(await row('not-an-address')).toBeUndefined();
  });

  it('limits sign-ups from one address per hour', async () => {
    const ip = from();
    for (let i = 0; i < newsletterRules.perAddress; i++)
      expect((await subscribe({ email: `n${i}@example.org` }, ip)).statusCode).toBe(202);
    const refused = await subscribe({ email: 'one-more@example.org' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: newsletterMessages.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await row('one-more@example.org')).toBeUndefined();
  });
});
