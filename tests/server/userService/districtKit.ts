import { afterAll, beforeAll } from 'vitest';
import { District } from '../../../contracts/districts';
import type { Role } from '../../../contracts/roles';
import type { DatabaseHandle } from '../../../server/db';
import { buildTestApp, type TestApp } from '../../support/app';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';
import type { FormPart } from '../fileService/multipart';
import { socialApi } from '../socialService/followHelpers';
import { form } from './helpers';

export const pro: Role[] = ['premium-user'];
export const districtApi = '/api/userService/district';
const template = 'white-cube-s-standard';

/**
 * What district tests share: an app on `spaces.test` with a token issuer (started before and
 * closed after the describe block that calls this), people who have signed up, calls as anyone,
 * districts made by a Pro owner and members joined by an invitation link.
 */
export function districtKit(open: () => Promise<DatabaseHandle>) {
  const kit = {} as {
    db: DatabaseHandle;
    t: TestApp;
    issuer: TestIssuer;
    social: ReturnType<typeof socialApi>;
  };
  let seq = 0;
  beforeAll(async () => {
    kit.issuer = await startTestIssuer();
    kit.db = await open();
    kit.t = await buildTestApp(kit.db, {
      ...kit.issuer.env,
      BASE_DOMAIN: 'spaces.test',
      PUBLIC_ORIGIN: 'http://spaces.test:8080',
    });
    kit.social = socialApi(kit.t, kit.issuer);
  });
  afterAll(async () => {
    await kit.t?.close();
    await kit.db?.close();
    await kit.issuer?.close();
  });

  const unique = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;
  const auth = (as: string | null, roles?: Role[]) =>
    as === null
      ? Promise.resolve({})
      : kit.issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com`, roles });

  /** Users who have signed up, with unique ids made from the labels. */
  async function people<const T extends string[]>(...labels: T): Promise<{ [K in keyof T]: string }> {
    const ids = labels.map(unique);
    await kit.social.signUp(...ids);
    return ids as { [K in keyof T]: string };
  }

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    json?: unknown,
    roles?: Role[],
  ) {
    return kit.t.app.inject({
      method,
      url,
      headers: {
        ...(await auth(as, roles)),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
  }

  /** POST district/districts as `as` (Pro unless told), with a fresh subdomain unless given. */
  async function create(
    as: string | null,
    fields: Record<string, string> = {},
    options: { roles?: Role[]; key?: string; files?: FormPart[] } = {},
  ) {
    const body = form(
      {
        title: 'Harbour Museum',
        subdomain: unique('harbour'),
        public: 'true',
        freeSpaceTemplateId: template,
        ...fields,
      },
      options.files ?? [],
    );
    return kit.t.app.inject({
      method: 'POST',
      url: `${districtApi}/districts`,
      headers: {
        ...(await auth(as, options.roles ?? pro)),
        ...body.headers,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      payload: body.payload,
    });
  }

  /** A district of `owner`, public unless told. */
  async function made(owner: string, fields: Record<string, string> = {}) {
    const res = await create(owner, fields);
    if (res.statusCode !== 201) throw new Error(`district not made: ${res.statusCode} ${res.body}`);
    return District.parse(res.json());
  }

  /** `member` joins by an invitation link `owner` makes. */
  async function join(district: District, owner: string, member: string) {
    const invitation = (await call('POST', `${districtApi}/${district.districtId}/invite`, owner)).json();
    const accepted = await call(
      'POST',
      `${districtApi}/invitation/${invitation.invitationCode}/accept`,
      member,
    );
    if (accepted.statusCode !== 200) throw new Error(`not joined: ${accepted.body}`);
  }

  return { kit, unique, auth, people, call, create, made, join };
}
