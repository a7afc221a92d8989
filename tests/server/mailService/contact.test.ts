import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contactRules } from '../../../contracts/contact';
import type { DatabaseHandle } from '../../../server/db';
import { mailOutbox } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const url = '/api/mailService/contactus/send';
const form = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  company: 'Analytical Engines',
  inquiryType: 'migration',
  country: 'GB',
  message: 'We have forty exhibitions on Artsteps.\nCan they move?',
};

describe.each(testDatabases())('the contact form on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let address = 0;
  const from = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    t = await buildTestApp(db, { ...issuer.env, CONTACT_EMAIL: 'hello@museum.example' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const send = async (body: unknown, ip = from(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as object, headers });
  const outbox = () => db.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));

  it('sends the message to the operators and a confirmation without the text to the sender', async () => {
    const before = (await outbox()).length;
    const res = await send(form);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: contactMessages.sent });
    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    const toOperator = mails.find((m) => m.to === 'hello@museum.example')!;
    expect(toOperator.subject).toBe('Contact form: Moving from Artsteps from Ada Lovelace');
    expect(toOperator.text).toContain('E-mail: ada@example.org');
    expect(toOperator.text).toContain('Company: Analytical Engines');
    expect(toOperator.text).toContain('Country: United Kingdom');
    expect(toOperator.text).toContain('We have forty exhibitions on Artsteps.\nCan they move?');
    const confirmation = mails.find((m) => m.to === 'ada@example.org')!;
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.text).toContain('Hello Ada,');
    expect(confirmation.text).not.toContain('forty exhibitions');
    // Signed in or not, the same.
    const signedIn = await send(form, from(), await issuer.headersFor('someone'));
    expect(signedIn.statusCode).toBe(202);
  });

  it("refuses a form with the spec's message for each missing or wrong field, and queues nothing", async () => {
    const before = (await outbox()).length;
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const messages = Object.fromEntries(
      (empty.json().details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
    );
    expect(messages).toMatchObject({
      '/firstName': contactMessages.firstName,
      '/lastName': contactMessages.lastName,
      '/email': contactMessages.email,
      '/inquiryType': contactMessages.inquiryType,
      '/country': contactMessages.country,
      '/message': contactMessages.message,
    });
    expect(messages['/company']).toBeUndefined();
    const cases: [object, string, string][] = [
      [{ firstName: '   ' }, '/firstName', contactMessages.firstName],
      [{ email: 'not an address' }, '/email', contactMessages.emailInvalid],
      [{ inquiryType: 'lottery' }, '/inquiryType', contactMessages.inquiryType],
      [{ country: 'Atlantis' }, '/country', contactMessages.country],
      [
        { message: 'x'.repeat(contactRules.messageMax + 1) },
        '/message',
        `At most ${contactRules.messageMax} characters`,
      ],
    ];
    for (const [change, path, message] of cases) {
      const res = await send({ ...form, ...change });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().details).toEqual(expect.arrayContaining([{ path, message }]));
    }
    expect((await outbox()).length).toBe(before);
  });

  it('lets one address send a few messages an hour, then asks it to wait', async () => {
    const ip = from();
    for (let i = 0; i < contactRules.perAddress; i++) expect((await send(form, ip)).statusCode).toBe(202);
    const before = (await outbox()).length;
    const refused = await send(form, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: contactMessages.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await outbox()).length).toBe(before);
    // Another address is not held back.
    expect((await send(form)).statusCode).toBe(202);
  });

  it('describes the route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toContain(url);
  });
});
