import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPage, OperatorUser, UserPage } from '../../../contracts/operator';
import type { DatabaseHandle } from '../../../server/db';
import { users } from '../../../server/db/schema';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const base = '/api/adminService';

describe.each(testDatabases())('users in the operator area on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    await db.db
      .insert(users)
      .values([
        { id: 'ops-u', name: 'Olu Operator', email: 'ops-u@example.org', generalRole: 'admin' },
        { id: 'u-ann', name: 'Ann 100% Real', username: 'annie', email: 'ann@harbour.example', plan: 'pro' },
        { id: 'u-ben', name: 'Ben Visitor', email: 'ben@example.org' },
        { id: 'u-cat', name: 'Cat Leaving', email: 'cat@example.org', plan: 'standard' },
        { id: 'ops-v', name: 'Vi Operator', email: 'ops-v@example.org', generalRole: 'admin' },
      ])
      .onConflictDoNothing();
    t = await buildTestApp(db, issuer.env);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, as: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${base}${url}`,
      headers: {
        ...(as ? await issuer.headersFor(as) : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const search = async (q: string) => {
    const res = await call('GET', `/users?q=${encodeURIComponent(q)}&ipp=100`, 'ops-u');
    expect(res.statusCode, res.body).toBe(200);
    return UserPage.parse(res.json()).items.map((u) => u.userId);
  };

  it('refuses the anonymous and users without the operator role, and changes nothing', async () => {
    for (const [method, url, body] of [
      ['GET', '/users', undefined],
      ['PUT', '/users/u-ben/active', { active: false }],
      ['PUT', '/users/u-ben/plan', { plan: 'pro' }],
      ['DELETE', '/users/u-ben', undefined],
    ] as const) {
      expect((await call(method, url, null, body)).statusCode).toBe(401);
      const res = await call(method, url, 'u-ann', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [ben] = await db.db.select().from(users).where(eq(users.id, 'u-ben'));
    expect(ben).toMatchObject({ active: true, plan: 'free' });
  });

  it('finds users by name, username or e-mail, with their plan and role', async () => {
    expect(await search('harbour.EXAMPLE')).toEqual(['u-ann']);
    expect(await search('annie')).toEqual(['u-ann']);
    expect(await search('ben vis')).toEqual(['u-ben']);
    // A % is a percent sign, not a wildcard.
    expect(await search('100%')).toEqual(['u-ann']);
    expect(await search('%')).toEqual(['u-ann']);
    const all = UserPage.parse((await call('GET', '/users?ipp=100', 'ops-u')).json());
    expect(all.items.find((u) => u.userId === 'u-ann')).toMatchObject({
      name: 'Ann 100% Real',
      plan: 'pro',
      operator: false,
      active: true,
    });
    expect(all.items.find((u) => u.userId === 'ops-u')?.operator).toBe(true);
    for (const query of ['ipp=0', 'cp=-1', `q=${'x'.repeat(201)}`]) {
      const res = await call('GET', `/users?${query}`, 'ops-u');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('disables an account and enables it again, each written to the audit log', async () => {
    const off = await call('PUT', '/users/u-ben/active', 'ops-u', { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(OperatorUser.parse(off.json())).toMatchObject({ userId: 'u-ben', active: false });
    // A disabled user's profile is gone for others, as their spaces' lists already treat them.
    expect((await t.app.inject({ url: '/api/userService/user/u-ben' })).statusCode).toBe(404);
    // Saying it again changes nothing and writes nothing.
    expect((await call('PUT', '/users/u-ben/active', 'ops-u', { active: false })).statusCode).toBe(200);
    const on = await call('PUT', '/users/u-ben/active', 'ops-u', { active: true });
    expect(OperatorUser.parse(on.json()).active).toBe(true);
    const audit = AuditPage.parse((await call('GET', '/audit?ipp=100', 'ops-u')).json());
    expect(audit.items.filter((e) => e.target === 'user:u-ben').map((e) => e.action)).toEqual([
      'user.enabled',
      'user.disabled',
    ]);
  });

  it('refuses to disable the operator themselves, an unknown user and a bad body', async () => {
    const self = await call('PUT', '/users/ops-u/active', 'ops-u', { active: false });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'Operators cannot disable their own account',
    });
    expect((await call('PUT', '/users/nobody/active', 'ops-u', { active: false })).statusCode).toBe(404);
    for (const body of [{}, { active: 'no' }, null]) {
      const res = await call('PUT', '/users/u-ben/active', 'ops-u', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [ops] = await db.db.select().from(users).where(eq(users.id, 'ops-u'));
    expect(ops!.active).toBe(true);
  });

  it('changes a plan, written to the audit log with the plan before and after', async () => {
    const res = await call('PUT', '/users/u-ben/plan', 'ops-u', { plan: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(OperatorUser.parse(res.json())).toMatchObject({ userId: 'u-ben', plan: 'pro' });
    const [ben] = await db.db.select().from(users).where(eq(users.id, 'u-ben'));
    expect(ben!.plan).toBe('pro');
    // The same plan again changes nothing and writes nothing.
    expect((await call('PUT', '/users/u-ben/plan', 'ops-u', { plan: 'pro' })).statusCode).toBe(200);
    expect((await call('PUT', '/users/u-ben/plan', 'ops-u', { plan: 'free' })).statusCode).toBe(200);
    const audit = AuditPage.parse((await call('GET', '/audit?ipp=100', 'ops-u')).json());
    const changes = audit.items.filter((e) => e.action === 'user.planChanged' && e.target === 'user:u-ben');
    expect(changes.map((e) => e.details)).toEqual([
      expect.objectContaining({ from: 'pro', to: 'free' }),
      expect.objectContaining({ from: 'free', to: 'pro', name: 'Ben Visitor' }),
    ]);
  });

  it('refuses an unknown plan or user, and leaves the plan as it was', async () => {
    for (const body of [{ plan: 'gold' }, {}, { plan: 3 }, null]) {
      const res = await call('PUT', '/users/u-ann/plan', 'ops-u', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const unknown = await call('PUT', '/users/nobody/plan', 'ops-u', { plan: 'pro' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const [ann] = await db.db.select().from(users).where(eq(users.id, 'u-ann'));
    expect(ann!.plan).toBe('pro');
  });

  it('deletes an account for good, and the audit log keeps whose it was', async () => {
    const res = await call('DELETE', '/users/u-cat', 'ops-u');
    expect(res.statusCode, res.body).toBe(204);
    expect(await db.db.select().from(users).where(eq(users.id, 'u-cat'))).toEqual([]);
    expect(await search('cat')).toEqual([]);
    expect((await t.app.inject({ url: '/api/userService/user/u-cat' })).statusCode).toBe(404);
    const audit = AuditPage.parse((await call('GET', '/audit?ipp=100', 'ops-u')).json());
    const entry = audit.items.find((e) => e.action === 'user.deleted' && e.target === 'user:u-cat');
    expect(entry?.details).toMatchObject({ name: 'Cat Leaving', email: 'cat@example.org', plan: 'standard' });
    // Gone is gone: a second delete is a 404.
    expect((await call('DELETE', '/users/u-cat', 'ops-u')).statusCode).toBe(404);
  });

  it('refuses to delete the operator themselves, another operator or an unknown user', async () => {
    const self = await call('DELETE', '/users/ops-u', 'ops-u');
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: 'Operators cannot delete their own account here: use the account settings',
    });
    const other = await call('DELETE', '/users/ops-v', 'ops-u');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('BUSINESS_RULE');
    expect((await call('DELETE', '/users/nobody', 'ops-u')).statusCode).toBe(404);
    expect(await search('operator')).toEqual(expect.arrayContaining(['ops-u', 'ops-v']));
  });
});
