import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db';
import { uuidv7 } from '../../server/db/ids';
import { districts, publishedScenes, scenes, users } from '../../server/db/schema';
import { robotsDisallowed, sitemapPages } from '../../server/plugins/seo';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabases } from '../support/db';

const origin = 'https://spaces.example.test';

describe.each(testDatabases())('robots.txt and sitemap.xml on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    db = await open();
    t = await buildTestApp(db, { PUBLIC_ORIGIN: origin, BASE_DOMAIN: 'spaces.example.test' });
    await db.db.insert(users).values({ id: 'owner', name: 'Owner' });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  async function space(values: Partial<typeof scenes.$inferInsert>, published = true) {
    const id = uuidv7();
    await db.db.insert(scenes).values({
      id,
      ownerId: 'owner',
      creatorId: 'owner',
      title: 'Hall',
      state: 'Published',
      publishedPublic: true,
      ...values,
    });
    if (published) await db.db.insert(publishedScenes).values({ sceneId: id, title: 'Hall' });
    return id;
  }

  it('names the sitemap and keeps crawlers out of the API, the editor, embeds and sign-in', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/curate', '/viewer/embed/', '/login'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(robotsDisallowed).not.toContain('/viewer/');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('lists the public pages, the spaces anyone may see and the public districts, nothing else', async () => {
    const updatedAt = '2026-11-01T10:00:00.000Z';
    const open = await space({ updatedAt });
    const hidden = await space({ visible: false });
    const privateSpace = await space({ privacyAclEnabled: true, userPrivacyAcl: ['ben'] });
    const draft = await space({ state: 'Draft', publishedPublic: false }, false);
    const onlyInDistricts = await space({ publishedPublic: false });
    await db.db.insert(districts).values([
      { id: uuidv7(), ownerId: 'owner', title: 'Harbour', subdomain: 'harbour' },
      { id: uuidv7(), ownerId: 'owner', title: 'Closed', subdomain: 'closed', public: false },
    ]);

    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    for (const page of sitemapPages) expect(locs).toContain(`${origin}${page}`);
    expect(locs).toContain(`${origin}/viewer/${open}`);
    expect(res.body).toContain(
      `<url><loc>${origin}/viewer/${open}</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod></url>`,
    );
    for (const unseen of [hidden, privateSpace, draft, onlyInDistricts])
      expect(locs.some((loc) => loc.includes(unseen))).toBe(false);
    expect(locs).toContain('https://harbour.spaces.example.test/');
    expect(locs.some((loc) => loc.includes('closed.'))).toBe(false);
    // Every address is absolute, on the public origin or a district's host, and unique.
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/([a-z0-9-]+\.)?spaces\.example\.test\//);
    expect(new Set(locs).size).toBe(locs.length);
  });
});
