import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Article, ArticlePage, Faq, GlossaryTerm, MenuItem } from '../../../contracts/cms';
import type { DatabaseHandle } from '../../../server/db';
import { auditLog, cmsArticles, cmsCategories, cmsFaqs, cmsGlossary, users } from '../../../server/db/schema';
import { seedCmsContent } from '../../../server/services/cmsService/seed';
import { buildTestApp, type TestApp } from '../../support/app';
import { testDatabases } from '../../support/db';
import { startTestIssuer, type TestIssuer } from '../../support/tokens';

const base = '/api/cmsService';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('the content service on $name', ({ open }) => {
  let db: DatabaseHandle;
  let t: TestApp;
  let issuer: TestIssuer;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    db = await open();
    await db.db.insert(users).values([
      { id: 'ops', name: 'Olu Operator', email: 'ops@example.org', generalRole: 'admin' },
      { id: 'sam', name: 'Sam Stranger', email: 'sam@example.org' },
    ]);
    t = await buildTestApp(db, issuer.env);
    expect(await seedCmsContent(t.app)).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
    await issuer?.close();
  });

  const call = async (method: Method, url: string, as: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${base}${url}`,
      headers: as ? await issuer.headersFor(as) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const rows = async (table: typeof cmsArticles | typeof cmsFaqs | typeof cmsGlossary) =>
    (await db.db.select({ n: count() }).from(table))[0].n;

  it('describes its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        `${base}/faqs`,
        `${base}/glossary`,
        `${base}/categories`,
        `${base}/authors`,
        `${base}/guidesMenu`,
        `${base}/articles`,
        `${base}/articles/{kind}/{slug}`,
        `${base}/faqs/{id}`,
      ]),
    );
  });

  it('seeds the help content once: FAQs, glossary, six guides, three posts and five legal texts', async () => {
    expect(await seedCmsContent(t.app)).toBe(false);
    const faqs = Faq.array().parse((await call('GET', '/faqs', null)).json());
    expect(faqs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(faqs.map((f) => f.category)).size).toBeGreaterThan(3);
    const glossary = GlossaryTerm.array().parse((await call('GET', '/glossary', null)).json());
    expect(glossary.length).toBeGreaterThanOrEqual(15);
    const terms = glossary.map((g) => g.term);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const guides = ArticlePage.parse((await call('GET', '/articles?kind=guide', null)).json());
    expect(guides.total).toBe(6);
    for (const guide of guides.items) {
      expect(guide.url).toBe(`/resources/guides/${guide.slug}`);
      expect(guide.author?.name).toBeTruthy();
      expect(guide.readingDuration).toBeGreaterThanOrEqual(2);
    }
    const posts = ArticlePage.parse((await call('GET', '/articles?kind=blog', null)).json());
    expect(posts.total).toBe(3);
    // Newest first.
    const dates = posts.items.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());

    const privacy = Article.parse((await call('GET', '/articles/document/privacy-notice', null)).json());
    expect(privacy.url).toBe('/privacy-notice');
    expect(privacy.content).toContain('Template — review before use.');
    expect(privacy.updatedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows a guide with its HTML and screenshots from the file store', async () => {
    const guides = ArticlePage.parse((await call('GET', '/articles?kind=guide', null)).json());
    const res = await call('GET', `/articles/guide/${guides.items[0].slug}`, null);
    expect(res.statusCode).toBe(200);
    const guide = Article.parse(res.json());
    expect(guide.content).toMatch(/<h2>/);
    expect(guide.content).not.toContain('/cms-media/');
    for (const [, src] of guide.content.matchAll(/<img[^>]*src="([^"]+)"/g)) {
      expect(src).toMatch(/^\/api\/fileService\/file\//);
      const picture = await t.app.inject({ method: 'GET', url: src });
      expect(picture.statusCode, src).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
    }
  });

  it("answers 'Article not found.' for an unknown address, and 400 for an unknown kind", async () => {
    const res = await call('GET', '/articles/blog/no-such-post', null);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Article not found.' });
    expect((await call('GET', '/articles/poem/anything', null)).statusCode).toBe(400);
  });

  it('keeps drafts from everyone but operators', async () => {
    const created = await call('POST', '/articles', 'ops', {
      kind: 'blog',
      title: 'Coming next: spring exhibitions',
      description: 'Not ready yet',
      content: '<p>Soon.</p>',
    });
    expect(created.statusCode).toBe(201);
    const draft = Article.parse(created.json());
    expect(draft).toMatchObject({
      slug: 'coming-next-spring-exhibitions',
      status: 'draft',
      readingDuration: 1,
    });

    for (const who of [null, 'sam'])
      expect((await call('GET', `/articles/blog/${draft.slug}`, who)).statusCode, String(who)).toBe(404);
    expect((await call('GET', `/articles/blog/${draft.slug}`, 'ops')).statusCode).toBe(200);
    const listed = ArticlePage.parse((await call('GET', '/articles?kind=blog', null)).json());
    expect(listed.items.map((a) => a.slug)).not.toContain(draft.slug);
    expect((await call('GET', '/articles?kind=blog&drafts=true', null)).statusCode).toBe(401);
    expect((await call('GET', '/articles?kind=blog&drafts=true', 'sam')).statusCode).toBe(403);
    const withDrafts = ArticlePage.parse(
      (await call('GET', '/articles?kind=blog&drafts=true', 'ops')).json(),
    );
    expect(withDrafts.items.map((a) => a.slug)).toContain(draft.slug);

    // Published, it is everyone's; its update date is set by the change.
    const published = await call('PUT', `/articles/${draft.id}`, 'ops', {
      kind: 'blog',
      slug: draft.slug,
      title: draft.title,
      content: '<p>Now.</p>',
      status: 'published',
    });
    expect(published.statusCode).toBe(200);
    expect(Article.parse(published.json()).updatedDate).toMatch(/^\d{4}-/);
    expect((await call('GET', `/articles/blog/${draft.slug}`, null)).statusCode).toBe(200);
  });

  it('removes scripts, handlers and foreign frames, and turns video links into players', async () => {
    const res = await call('POST', '/articles', 'ops', {
      kind: 'guide',
      title: 'Filming your space',
      status: 'published',
      content: [
        '<h2 onclick="steal()">Record</h2>',
        '<script>alert(document.cookie)</script>',
        '<p>Watch <a href="javascript:alert(1)">this</a> and <img src="x" onerror="alert(2)"></p>',
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
        '<p>https://vimeo.com/76979871</p>',
        '<figure><oembed url="https://youtu.be/aqz-KE-bpKQ"></oembed></figure>',
        '<iframe src="https://evil.example.com/frame"></iframe>',
        '<p style="color:red" class="x">Plain words.</p>',
      ].join(''),
    });
    expect(res.statusCode).toBe(201);
    const { content } = Article.parse(res.json());
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|evil\.example|style=|class=/);
    expect(content).toContain('<h2>Record</h2>');
    expect(content).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(content).toContain('src="https://player.vimeo.com/video/76979871"');
    expect(content).toContain('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
    expect(content).toContain('<p>Plain words.</p>');
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `article:${Article.parse(res.json()).id}`));
    expect(entry).toMatchObject({ actorId: 'ops', action: 'cms.article.create' });
  });

  it('refuses writes from the anonymous and from users without the role, changing nothing', async () => {
    const [article] = await db.db.select().from(cmsArticles).limit(1);
    const [faq] = await db.db.select().from(cmsFaqs).limit(1);
    const [term] = await db.db.select().from(cmsGlossary).limit(1);
    const before = {
      articles: await rows(cmsArticles),
      faqs: await rows(cmsFaqs),
      terms: await rows(cmsGlossary),
    };
    const writes: [Method, string, unknown][] = [
      ['POST', '/articles', { kind: 'blog', title: 'Mine now' }],
      ['PUT', `/articles/${article.id}`, { kind: article.kind, title: 'Mine now' }],
      ['DELETE', `/articles/${article.id}`, undefined],
      ['GET', `/articles/${article.id}`, undefined],
      ['POST', '/faqs', { question: 'Q?', answer: 'A', category: 'C' }],
      ['PUT', `/faqs/${faq.id}`, { question: 'Q?', answer: 'A', category: 'C' }],
      ['DELETE', `/faqs/${faq.id}`, undefined],
      ['POST', '/glossary', { term: 'Thing', definition: 'A thing' }],
      ['PUT', `/glossary/${term.id}`, { term: 'Thing', definition: 'A thing' }],
      ['DELETE', `/glossary/${term.id}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, 'sam', body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect({
      articles: await rows(cmsArticles),
      faqs: await rows(cmsFaqs),
      terms: await rows(cmsGlossary),
    }).toEqual(before);
    const [still] = await db.db.select().from(cmsArticles).where(eq(cmsArticles.id, article.id));
    expect(still.title).toBe(article.title);
  });

  it('explains invalid writes field by field and keeps what was there', async () => {
    const before = await rows(cmsArticles);
    const empty = await call('POST', '/articles', 'ops', { kind: 'blog', title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const badSlug = await call('POST', '/articles', 'ops', {
      kind: 'blog',
      title: 'Ok',
      slug: 'Not a slug!',
    });
    expect(badSlug.statusCode).toBe(400);
    const guides = ArticlePage.parse((await call('GET', '/articles?kind=guide', null)).json());
    const taken = await call('POST', '/articles', 'ops', {
      kind: 'guide',
      title: 'Copy',
      slug: guides.items[0].slug,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Another article of this kind already has this address',
    });
    const category = await call('POST', '/articles', 'ops', {
      kind: 'blog',
      title: 'Ok',
      category: 'nowhere',
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe('No such category');
    expect(await rows(cmsArticles)).toBe(before);
    expect((await call('PUT', '/articles/nope', 'ops', { kind: 'blog', title: 'X' })).statusCode).toBe(404);
  });

  it('lets operators add, change and delete FAQs and glossary terms', async () => {
    const added = await call('POST', '/faqs', 'ops', {
      question: 'Can I print a space?',
      answer: '<p>Not yet.</p><script>x()</script>',
      category: 'Building spaces',
    });
    expect(added.statusCode).toBe(201);
    const faq = Faq.parse(added.json());
    expect(faq.answer).toBe('<p>Not yet.</p>');
    const changed = await call('PUT', `/faqs/${faq.id}`, 'ops', { ...faq, answer: '<p>No.</p>' });
    expect(Faq.parse(changed.json()).answer).toBe('<p>No.</p>');
    expect((await call('DELETE', `/faqs/${faq.id}`, 'ops')).statusCode).toBe(204);
    expect((await call('DELETE', `/faqs/${faq.id}`, 'ops')).statusCode).toBe(404);
    expect(
      (await call('POST', '/faqs', 'ops', { question: 'Q?', answer: '<script>x()</script>', category: 'C' }))
        .statusCode,
    ).toBe(400);

    const term = GlossaryTerm.parse(
      (await call('POST', '/glossary', 'ops', { term: 'Vernissage', definition: 'An opening.' })).json(),
    );
    const duplicate = await call('POST', '/glossary', 'ops', { term: 'Vernissage', definition: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('The glossary already has this term');
    expect(
      (
        await call('PUT', `/glossary/${term.id}`, 'ops', {
          term: 'Vernissage',
          definition: 'The opening night.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/glossary/${term.id}`, 'ops')).statusCode).toBe(204);
    const actions = (await db.db.select().from(auditLog).where(eq(auditLog.actorId, 'ops'))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'cms.faq.create',
        'cms.faq.update',
        'cms.faq.delete',
        'cms.term.create',
        'cms.term.delete',
      ]),
    );
  });

  it('lists the resources menu, with video tutorials once their category has a link', async () => {
    const plain = MenuItem.array().parse((await call('GET', '/guidesMenu', null)).json());
    expect(plain.map((i) => i.link)).toEqual([
      '/resources/faqs',
      '/resources/guides',
      '/resources/blog',
      '/resources/glossary',
    ]);
    await db.db
      .update(cmsCategories)
      .set({ url: 'https://video.example.org/channel' })
      .where(eq(cmsCategories.slug, 'video-tutorials'));
    const menu = MenuItem.array().parse((await call('GET', '/guidesMenu', null)).json());
    expect(menu[2]).toMatchObject({
      title: 'Video tutorials',
      externalUrl: 'https://video.example.org/channel',
    });
    expect(menu.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists published guides and posts in the sitemap, with their dates, and no drafts', async () => {
    await call('POST', '/articles', 'ops', { kind: 'blog', title: 'Secret plans', slug: 'secret-plans' });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const guides = ArticlePage.parse((await call('GET', '/articles?kind=guide', null)).json());
    for (const guide of guides.items)
      expect(res.body).toMatch(
        new RegExp(`/resources/guides/${guide.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
      );
    expect(res.body).toContain('/resources/faqs</loc>');
    expect(res.body).not.toContain('secret-plans');
  });

  it('describes a guide to search engines and link previews as an Article, and 404s an unknown one', async () => {
    const guides = ArticlePage.parse((await call('GET', '/articles?kind=guide', null)).json());
    const guide = guides.items[0];
    const page = await t.app.inject({ url: `/resources/guides/${guide.slug}?utm_source=x` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toMatch(/<link rel="canonical" href="[^"]*\/resources\/guides\/[a-z0-9-]+">/);
    const json = page.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json!)).toMatchObject({
      '@type': 'Article',
      headline: guide.title,
      datePublished: guide.date,
      author: { '@type': 'Person', name: guide.author!.name },
    });
    expect((await t.app.inject({ url: '/resources/guides/no-such-guide' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/resources/blog/secret-plans' })).statusCode).toBe(404);
  });
});
