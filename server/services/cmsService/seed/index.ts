import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readingMinutes } from '../../../../contracts/cms';
import { uuidv7 } from '../../../db/ids';
import {
  appliedJobs,
  cmsArticles,
  cmsAuthors,
  cmsCategories,
  cmsFaqs,
  cmsGlossary,
  files,
} from '../../../db/schema';
import { sanitizeArticleHtml } from '../sanitize';
import { slugOf } from '../service';
import { seedArticles, seedAuthors } from './articles';
import { seedFaqs } from './faqs';
import { seedGlossary } from './glossary';
import { seedDocuments } from './legal';

/** Bumped when the seeded help content changes: an install seeded before gets nothing new. */
export const cmsSeedJob = 'cms-content-v1';

/** The guides' screenshots, taken from the app by `npm run guide-screenshots`. */
export const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

/** The categories the seeded articles use, in the order the resources pages show them. */
const categoryDescriptions: Record<string, string> = {
  Editor: 'Building a space step by step',
  Publishing: 'Publishing, sharing and embedding spaces',
  Districts: 'Districts on their own subdomains',
  News: 'What is new on the platform',
  Stories: 'How people use their spaces',
  Legal: 'Terms, privacy and refunds',
};

/** A picture of the guides, stored in the file store like any upload: its address there. */
async function storeScreenshot(app: FastifyInstance, file: string): Promise<string | null> {
  const at = path.join(mediaDir, file);
  if (!existsSync(at)) return null;
  const bytes = await readFile(at);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const blob = await app.blobStore.put(Readable.from([bytes]));
  const id = uuidv7();
  await app.db.insert(files).values({
    id,
    sha256: blob.sha256,
    size: blob.size,
    mimeType: 'image/png',
    kind: 'picture',
    originalName: file,
    ownerId: null,
    width,
    height,
  });
  return `/api/fileService/file/${id}`;
}

/** The content's pictures at their stored addresses; a figure whose picture is missing is left out. */
async function withScreenshots(app: FastifyInstance, html: string): Promise<string> {
  const names = [...new Set([...html.matchAll(/\/cms-media\/([\w.-]+)/g)].map((m) => m[1]))];
  let out = html;
  for (const name of names) {
    const url = await storeScreenshot(app, name);
    if (url) out = out.replaceAll(`/cms-media/${name}`, url);
    else {
      app.log.warn({ file: name }, 'a guide screenshot is missing; its figure is left out');
      out = out.replace(
        new RegExp(
          `<figure>(?:(?!</figure>)[\\s\\S])*?/cms-media/${name.replace(/\./g, '\\.')}[\\s\\S]*?</figure>`,
          'g',
        ),
        '',
      );
    }
  }
  return out;
}

/**
 * The help content written for this product (FAQs, glossary, guides, blog posts, and the legal
 * documents as templates the operator must review), once per install, whatever SEED_DEMO says:
 * the resources pages are part of the product. Operators change it from the operator area.
 */
export async function seedCmsContent(app: FastifyInstance): Promise<boolean> {
  const done = await app.db.select().from(appliedJobs).where(eq(appliedJobs.name, cmsSeedJob));
  if (done.length > 0) return false;

  const categoryTitles = [...new Set([...seedArticles.map((a) => a.category), 'Legal'])];
  const categories = categoryTitles.map((title, index) => ({
    id: uuidv7(),
    slug: slugOf(title),
    title,
    description: categoryDescriptions[title] ?? '',
    index,
    url: null as string | null,
  }));
  // The header's 'Video tutorials' links to this category's URL once the operator sets one.
  categories.push({
    id: uuidv7(),
    slug: 'video-tutorials',
    title: 'Video tutorials',
    description:
      'Set this category’s link to your video channel to show Video tutorials in the Resources menu',
    index: categories.length,
    url: null,
  });
  const categoryId = new Map(categories.map((c) => [c.title, c.id]));

  const articles: (typeof cmsArticles.$inferInsert)[] = [];
  for (const a of seedArticles) {
    const content = sanitizeArticleHtml(await withScreenshots(app, a.content));
    const firstPicture = content.match(/<img[^>]*\bsrc="([^"]+)"/)?.[1] ?? null;
    articles.push({
      id: uuidv7(),
      kind: a.kind,
      slug: a.slug,
      title: a.title,
      description: a.description,
      content,
      banner: null,
      thumbnail: firstPicture,
      authorSlug: a.author,
      categoryId: categoryId.get(a.category) ?? null,
      tags: a.tags,
      status: 'published',
      date: a.date,
      updatedDate: a.updatedDate ?? null,
      readingMinutes: readingMinutes(content),
    });
  }
  for (const d of seedDocuments) {
    const content = sanitizeArticleHtml(d.content);
    articles.push({
      id: uuidv7(),
      kind: 'document',
      slug: d.slug,
      title: d.title,
      description: '',
      content,
      authorSlug: null,
      categoryId: categoryId.get('Legal') ?? null,
      tags: [],
      status: 'published',
      date: d.updatedDate,
      updatedDate: d.updatedDate,
      readingMinutes: readingMinutes(content),
    });
  }

  await app.db.transaction(async (tx) => {
    await tx.insert(cmsCategories).values(categories);
    await tx.insert(cmsAuthors).values(seedAuthors);
    await tx.insert(cmsArticles).values(articles);
    await tx.insert(cmsFaqs).values(
      seedFaqs.map((f, index) => ({
        id: uuidv7(),
        question: f.question,
        answer: sanitizeArticleHtml(f.answer),
        category: f.category,
        index,
      })),
    );
    await tx.insert(cmsGlossary).values(seedGlossary.map((g) => ({ id: uuidv7(), ...g })));
    await tx.insert(appliedJobs).values({ name: cmsSeedJob });
  });
  app.log.info(
    { articles: articles.length, faqs: seedFaqs.length, terms: seedGlossary.length },
    'help content seeded',
  );
  return true;
}
