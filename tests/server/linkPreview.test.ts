import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedCode, embedUrl } from '../../contracts/publishing';
import type { DatabaseHandle } from '../../server/db';
import { sceneEvents, scenes, users } from '../../server/db/schema';
import { OEmbedAnswer } from '../../server/plugins/linkPreview';
import { sitemapPages } from '../../server/plugins/sitemapPages';
import { SceneService } from '../../server/services/sceneService/service';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabases } from '../support/db';
import { startTestIssuer, type TestIssuer } from '../support/tokens';
import { picturePart, png, sceneApi } from './sceneService/helpers';

/** index.html as the build writes it: a default title and description, scripts in the head. */
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Build, publish and share 3D spaces in your browser." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Spaces</title>
  <script defer src="/static/js/index.abc123.js"></script></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const host = 'spaces.example.test';
const origin = `http://${host}`;

/** Every `<meta …>` and `<link …>` of a page's head, as attribute maps. */
function headTags(html: string) {
  const head = /<head>([\s\S]*)<\/head>/i.exec(html)![1];
  const attrs = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-z:-]+)="([^"]*)"/gi)].map(([, name, value]) => [name.toLowerCase(), value]),
    );
  return {
    head,
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((m) => m[1]),
    metas: [...head.matchAll(/<meta\b[^>]*>/gi)].map((m) => attrs(m[0])),
    links: [...head.matchAll(/<link\b[^>]*>/gi)].map((m) => attrs(m[0])),
  };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe.each(testDatabases())('link previews and oEmbed on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;
  let api: ReturnType<typeof sceneApi>;
  let service: SceneService;
  let spaRoot: string;
  let seq = 0;
  const owner = `curator-${Math.random().toString(36).slice(2, 8)}`;
  const evilTitle = `Sea "views" <script>alert('x')</script> & $& more`;
  const ids = { published: '', plain: '', draft: '', hidden: '', private: '' };

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, ...headers } });
  const oembed = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/oembed?${new URLSearchParams(query)}`, headers: { host, ...headers } });

  async function publishedSpace(title: string, withCover: boolean) {
    const files = withCover ? [picturePart('coverPhoto', await png('#336699', 640, 480), 'cover.png')] : [];
    const res = await api.create(owner, { title, description: `About ${title} ${++seq}` }, files);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    const sceneId = res.json().sceneId as string;
    await service.publishSnapshot(sceneId);
    return sceneId;
  }

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    spaRoot = mkdtempSync(path.join(tmpdir(), 'link-preview-spa-'));
    mkdirSync(path.join(spaRoot, 'static', 'js'), { recursive: true });
    writeFileSync(path.join(spaRoot, 'index.html'), builtIndex);
    writeFileSync(path.join(spaRoot, 'static', 'js', 'index.abc123.js'), 'console.log("app")');
    // Behind one proxy, whose X-Forwarded-Proto says how visitors reached the site.
    t = await buildTestApp(db, { ...issuer.env, TRUST_PROXY: '1' }, { spaDir: spaRoot });
    api = sceneApi(t, issuer);
    service = new SceneService({ db: t.app.db, store: t.app.blobStore });
    await t.app.db.insert(users).values({ id: owner, name: 'Ada "Curator" <b>' });

    ids.published = await publishedSpace(evilTitle, true);
    ids.plain = await publishedSpace('No cover here', false);
    ids.draft = await api.draft(owner, 'Secret draft');
    ids.hidden = await publishedSpace('Hidden space', true);
    await t.app.db.update(scenes).set({ visible: false }).where(eq(scenes.id, ids.hidden));
    ids.private = await publishedSpace('Private space', true);
    await t.app.db.update(scenes).set({ privacyAclEnabled: true }).where(eq(scenes.id, ids.private));
  });
  afterAll(async () => {
    await service?.close();
    await t?.close();
    await db?.close();
    await issuer?.close();
    if (spaRoot) rmSync(spaRoot, { recursive: true, force: true });
  });

  describe('viewer pages', () => {
    it('describe a published space with escaped title, Open Graph, Twitter and oEmbed tags', async () => {
      for (const url of [`/viewer/${ids.published}`, `/viewer/embed/${ids.published}?showSignIn=1`]) {
        const res = await page(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const { head, titles, metas, links } = headTags(res.body);
        // Nothing broke out of its attribute or element.
        expect(head).not.toContain('<script>alert');
        // The app's script, and the space described for search engines (schema.org), whose
        // strings cannot end its element.
        expect(res.body.match(/<script\b/g)).toHaveLength(2);
        const data = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.body);
        expect(data).not.toBeNull();
        expect(JSON.parse(data![1])).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'CreativeWork',
          name: evilTitle,
          url: `${origin}/viewer/${ids.published}`,
          author: { '@type': 'Person', name: 'Ada "Curator" <b>' },
          image: expect.stringMatching(new RegExp(`^${origin}/api/fileService/file/`)),
          dateModified: expect.any(String),
        });
        expect(titles.map(decode)).toEqual([`${evilTitle} | Spaces`]);

        const meta = (key: string) => metas.filter((m) => m.name === key || m.property === key);
        const one = (key: string) => {
          expect(meta(key), key).toHaveLength(1);
          return decode(meta(key)[0].content);
        };
        const canonical = `${origin}/viewer/${ids.published}`;
        expect(one('description')).toMatch(/^About Sea/);
        expect(one('og:type')).toBe('website');
        expect(one('og:site_name')).toBe('Spaces');
        expect(one('og:title')).toBe(evilTitle);
        expect(one('og:description')).toBe(one('description'));
        expect(one('og:url')).toBe(canonical);
        expect(one('og:image')).toMatch(new RegExp(`^${origin}/api/fileService/file/[0-9a-f-]{36}$`));
        expect(one('twitter:card')).toBe('summary_large_image');
        expect(one('twitter:title')).toBe(evilTitle);
        expect(one('twitter:description')).toBe(one('description'));
        expect(one('twitter:image')).toBe(one('og:image'));

        expect(links.filter((l) => l.rel === 'canonical').map((l) => decode(l.href))).toEqual([canonical]);
        const discovery = links.filter((l) => l.type === 'application/json+oembed');
        expect(discovery).toHaveLength(1);
        expect(discovery[0].rel).toBe('alternate');
        expect(decode(discovery[0].title)).toBe(evilTitle);
        const href = new URL(decode(discovery[0].href));
        expect(`${href.origin}${href.pathname}`).toBe(`${origin}/oembed`);
        expect(href.searchParams.get('url')).toBe(canonical);
        expect(href.searchParams.get('format')).toBe('json');

        // The cover is served where og:image points.
        const image = await t.app.inject({ url: new URL(one('og:image')).pathname });
        expect(image.statusCode).toBe(200);
      }
    });

    it("describe a space's scheduled events, on now or to come, for search engines", async () => {
      const hour = 60 * 60 * 1000;
      const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
      await t.app.db.insert(sceneEvents).values([
        {
          id: 'ev-past',
          sceneId: ids.plain,
          title: 'Over',
          startsAt: at(-3),
          endsAt: at(-2),
          createdBy: owner,
        },
        {
          id: 'ev-now',
          sceneId: ids.plain,
          title: 'Opening </script>',
          startsAt: at(-1),
          endsAt: at(1),
          createdBy: owner,
        },
        {
          id: 'ev-next',
          sceneId: ids.plain,
          title: 'Talk',
          startsAt: at(24),
          endsAt: at(25),
          createdBy: owner,
        },
      ]);
      const res = await page(`/viewer/${ids.plain}`);
      const scripts = [...res.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
      expect(scripts).toHaveLength(2);
      const canonical = `${origin}/viewer/${ids.plain}`;
      expect(JSON.parse(scripts[0][1])['@id']).toBe(canonical);
      const events = JSON.parse(scripts[1][1]) as Record<string, unknown>[];
      expect(events.map((e) => e.name)).toEqual(['Opening </script>', 'Talk']);
      expect(events[1]).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'ExhibitionEvent',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url: canonical },
        organizer: { name: 'Ada "Curator" <b>' },
        workFeatured: { '@id': canonical },
      });
      expect(Date.parse(events[1].startDate as string)).toBeGreaterThan(Date.now());
      // A space without events has only its own description.
      expect((await page(`/viewer/${ids.published}`)).body.match(/application\/ld\+json/g)).toHaveLength(1);
    });

    it('use a plain summary card for a space without a cover', async () => {
      const { metas } = headTags((await page(`/viewer/${ids.plain}`)).body);
      expect(metas.find((m) => m.name === 'twitter:card')?.content).toBe('summary');
      expect(metas.some((m) => m.property === 'og:image' || m.name === 'twitter:image')).toBe(false);
      expect(metas.find((m) => m.property === 'og:title')?.content).toBe('No cover here');
    });

    it('build urls from the forwarded protocol (TRUST_PROXY: the app trusts its proxy)', async () => {
      const res = await page(`/viewer/${ids.published}`, { 'x-forwarded-proto': 'https' });
      const { metas } = headTags(res.body);
      expect(metas.find((m) => m.property === 'og:url')?.content).toBe(
        `https://${host}/viewer/${ids.published}`,
      );
    });

    it('serve the plain page for drafts, hidden, private and unknown spaces', async () => {
      // A page of the app that search engines are not sent to: index.html as built.
      const plain = (await page('/settings')).body;
      expect(headTags(plain).titles).toEqual(['Spaces']);
      for (const sceneId of [ids.draft, ids.hidden, ids.private, 'no-such-space']) {
        for (const url of [`/viewer/${sceneId}`, `/viewer/embed/${sceneId}`]) {
          const res = await page(url);
          expect(res.body, url).toBe(plain);
          expect(res.body).not.toMatch(/og:|twitter:|oembed|canonical|Secret|Hidden|Private/);
        }
      }
    });

    it('answer 404 for a space that does not exist, as the API does', async () => {
      // A deleted space is gone too.
      const deleted = await publishedSpace('Taken down', false);
      await t.app.db
        .update(scenes)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(scenes.id, deleted));
      for (const sceneId of ['no-such-space', deleted, ids.draft]) {
        for (const url of [`/viewer/${sceneId}`, `/viewer/embed/${sceneId}?showSignIn=1`]) {
          expect((await page(url)).statusCode, url).toBe(404);
        }
      }
      // Hidden and private spaces exist: the API answers 403 or 401 for them, and the page shows
      // the access-denied message with 200.
      for (const sceneId of [ids.published, ids.hidden, ids.private]) {
        for (const url of [`/viewer/${sceneId}`, `/viewer/embed/${sceneId}`]) {
          expect((await page(url)).statusCode, url).toBe(200);
        }
      }
    });

    it("answer a draft preview with 200 for its owner only, who is known by the app's cookie", async () => {
      const cookie = async (userId: string) => ({
        cookie: `access_token=${await issuer.token({ sub: userId })}`,
      });
      const preview = `/viewer/${ids.draft}?draft=true`;
      expect((await page(preview, await cookie(owner))).statusCode).toBe(200);
      expect((await page(preview, await cookie('a-stranger'))).statusCode).toBe(404);
      expect((await page(preview)).statusCode).toBe(404);
      // A token that does not verify leaves the visitor anonymous rather than failing the page.
      const expired = await issuer.token({ sub: owner }, { expiresIn: -60 });
      for (const header of [{ cookie: `access_token=${expired}` }, { cookie: 'access_token=not-a-token' }]) {
        expect((await page(preview, header)).statusCode).toBe(404);
      }
      // A published space's draft exists for everyone who may see the space.
      expect((await page(`/viewer/${ids.published}?draft=true`)).statusCode).toBe(200);
      expect((await page(`/viewer/no-such-space?draft=true`, await cookie(owner))).statusCode).toBe(404);
    });

    it('let other sites frame the embedded viewer only', async () => {
      const embed = await page(`/viewer/embed/${ids.published}`);
      expect(embed.headers['x-frame-options']).toBeUndefined();
      expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(embed.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
      for (const url of [`/viewer/${ids.published}`, '/']) {
        const res = await page(url);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      }
    });
  });

  describe('other pages', () => {
    const canonicals = (html: string) =>
      headTags(html)
        .links.filter((l) => l.rel === 'canonical')
        .map((l) => decode(l.href));

    it('give the public pages of the sitemap their address without a query as canonical', async () => {
      for (const path of sitemapPages) {
        const res = await page(path);
        expect(res.statusCode).toBe(200);
        expect(canonicals(res.body)).toEqual([`${origin}${path}`]);
        // The page keeps its own title and description: only a link is added.
        expect(headTags(res.body).titles).toEqual(['Spaces']);
      }
      for (const [url, canonical] of [
        ['/explore?q=harbour&sort=new', '/explore'],
        ['/pricing/', '/pricing'],
        ['/solutions/museums-and-galleries?from=ad', '/solutions/museums-and-galleries'],
      ])
        expect(canonicals((await page(url)).body)).toEqual([`${origin}${canonical}`]);
    });

    it('leave it out of other pages and of district hosts', async () => {
      for (const url of [`/user/${owner}`, '/settings', '/curate'])
        expect(canonicals((await page(url)).body)).toEqual([]);
      expect(canonicals((await page('/pricing', { host: 'gallery.localhost' })).body)).toEqual([]);
    });
  });

  describe('GET /oembed', () => {
    it('answers every field of a rich embed, with the iframe of both flags off', async () => {
      const canonical = `${origin}/viewer/${ids.published}`;
      for (const url of [canonical, `${origin}/viewer/embed/${ids.published}?showSignIn=1`]) {
        const res = await oembed({ url, format: 'json' }, { origin: 'https://blog.example.org' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        const answer = OEmbedAnswer.parse(res.json());
        expect(answer).toEqual({
          type: 'rich',
          version: '1.0',
          title: evilTitle,
          author_name: 'Ada "Curator" <b>',
          author_url: `${origin}/user/${owner}`,
          provider_name: 'Spaces',
          provider_url: origin,
          html: embedCode(embedUrl(canonical, { showSignIn: false, showCommunications: false }), evilTitle),
          width: 700,
          height: 500,
          thumbnail_url: expect.stringMatching(new RegExp(`^${origin}/api/fileService/file/`)),
          thumbnail_width: 640,
          thumbnail_height: 480,
          cache_age: expect.any(Number),
        });
        expect(answer.html).toContain(
          `src="${origin}/viewer/embed/${ids.published}?showSignIn=0&amp;showCommunications=0"`,
        );
        expect(answer.html).not.toContain('<script>');
      }
    });

    it('defaults to json and scales the frame and thumbnail down to maxwidth/maxheight', async () => {
      const url = `${origin}/viewer/${ids.published}`;
      const narrow = (await oembed({ url, maxwidth: '350' })).json();
      expect(narrow).toMatchObject({ width: 350, height: 250, thumbnail_width: 320, thumbnail_height: 240 });
      expect(narrow.html).toContain('width="350" height="250"');
      expect(narrow.thumbnail_url).toMatch(/\/api\/fileService\/thumbnail\/[0-9a-f-]{36}(\?w=320)?$/);
      const thumbnail = await t.app.inject({
        url: new URL(narrow.thumbnail_url).pathname + new URL(narrow.thumbnail_url).search,
      });
      expect(thumbnail.statusCode).toBe(200);

      const low = (await oembed({ url, maxwidth: '1000', maxheight: '100' })).json();
      expect(low).toMatchObject({ width: 140, height: 100 });
      const big = (await oembed({ url, maxwidth: '2000', maxheight: '2000' })).json();
      expect(big).toMatchObject({ width: 700, height: 500, thumbnail_width: 640 });
    });

    it('leaves the thumbnail out for a space without a cover', async () => {
      const answer = (await oembed({ url: `${origin}/viewer/${ids.plain}` })).json();
      expect(answer.title).toBe('No cover here');
      expect(answer).not.toHaveProperty('thumbnail_url');
      expect(answer).not.toHaveProperty('thumbnail_width');
      expect(answer).not.toHaveProperty('thumbnail_height');
    });

    it('answers 404 for spaces the public may not see and for urls not of this site', async () => {
      const urls = [
        ...[ids.draft, ids.hidden, ids.private, 'no-such-space'].map((id) => `${origin}/viewer/${id}`),
        `https://elsewhere.example.org/viewer/${ids.published}`,
        `${origin}/curate/${ids.published}`,
        `${origin}/viewer/${ids.published}/extra`,
        `${origin}/`,
        'not a url',
        `javascript:alert(1)//${host}/viewer/${ids.published}`,
      ];
      for (const url of urls) {
        const res = await oembed({ url, format: 'json' });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
        expect(res.body).not.toMatch(/Secret|Hidden|Private/);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
    });

    it('answers 501 for formats other than json and 400 without a url', async () => {
      const url = `${origin}/viewer/${ids.published}`;
      const xml = await oembed({ url, format: 'xml' });
      expect(xml.statusCode).toBe(501);
      expect(xml.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

      const missing = await oembed({ format: 'json' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(missing.headers['access-control-allow-origin']).toBe('*');
    });

    it('is GET only and never swallowed by the web app', async () => {
      const post = await t.app.inject({ method: 'POST', url: '/oembed', headers: { host } });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
      const below = await t.app.inject({ url: '/oembed/anything', headers: { host } });
      expect(below.statusCode).toBe(404);
      expect(below.headers['content-type']).toMatch(/^application\/json/);
    });
  });
});
