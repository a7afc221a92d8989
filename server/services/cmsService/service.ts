import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import {
  type Article,
  type ArticleInput,
  ArticleInput as ArticleInputSchema,
  type ArticleKind,
  type ArticlePage,
  type ArticleSummary,
  type Author,
  type Category,
  articleUrl,
  cmsMessages,
  cmsRules,
  type Faq,
  type FaqInput,
  type GlossaryInput,
  type GlossaryTerm,
  type MenuItem,
  readingMinutes,
} from '../../../contracts/cms';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { auditLog, cmsArticles, cmsAuthors, cmsCategories, cmsFaqs, cmsGlossary } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { toIsoTime } from '../../support/time';
import { sanitizeArticleHtml } from './sanitize';

type ArticleRow = typeof cmsArticles.$inferSelect;
type CategoryRow = typeof cmsCategories.$inferSelect;
type AuthorRow = typeof cmsAuthors.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const today = () => new Date().toISOString().slice(0, 10);

/** An address made from a title: lowercase words joined by hyphens. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, cmsRules.slugMax)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

const categoryOf = (row: CategoryRow): Category => ({
  categoryId: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  index: row.index,
  url: row.url,
  createdAt: toIsoTime(row.createdAt),
  updatedAt: toIsoTime(row.updatedAt),
});

function summaryOf(row: ArticleRow, author: AuthorRow | null, category: CategoryRow | null): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    url: articleUrl(row.kind, row.slug),
    title: row.title,
    description: row.description,
    banner: row.banner,
    thumbnail: row.thumbnail,
    author: author ? { slug: author.slug, name: author.name, bio: author.bio } : null,
    category: category ? { slug: category.slug, title: category.title } : null,
    tags: row.tags,
    date: row.date,
    updatedDate: row.updatedDate,
    readingDuration: row.readingMinutes,
    status: row.status,
  };
}

/**
 * The content service (issue 24 §1): visitors read what is published; operators (checked by the
 * routes) write, and read drafts. HTML is sanitised before it is stored; every write is audited
 * in the same transaction.
 */
export class CmsService {
  constructor(private readonly db: Database) {}

  async categories(): Promise<Category[]> {
    const rows = await this.db
      .select()
      .from(cmsCategories)
      .orderBy(asc(cmsCategories.index), asc(cmsCategories.title));
    return rows.map(categoryOf);
  }

  async authors(): Promise<Author[]> {
    return this.db
      .select({ slug: cmsAuthors.slug, name: cmsAuthors.name, bio: cmsAuthors.bio })
      .from(cmsAuthors)
      .orderBy(asc(cmsAuthors.name));
  }

  async articles(query: {
    kind: ArticleKind;
    category?: string;
    cp: number;
    ipp: number;
    drafts: boolean;
  }): Promise<ArticlePage> {
    const conditions: SQL[] = [eq(cmsArticles.kind, query.kind)];
    if (!query.drafts) conditions.push(eq(cmsArticles.status, 'published'));
    if (query.category) conditions.push(eq(cmsCategories.slug, query.category));
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ article: cmsArticles, author: cmsAuthors, category: cmsCategories })
        .from(cmsArticles)
        .leftJoin(cmsAuthors, eq(cmsAuthors.slug, cmsArticles.authorSlug))
        .leftJoin(cmsCategories, eq(cmsCategories.id, cmsArticles.categoryId))
        .where(where)
        // Guides read in their order (oldest first); blog posts newest first.
        .orderBy(
          ...(query.kind === 'guide'
            ? [asc(cmsArticles.date), asc(cmsArticles.createdAt)]
            : [desc(cmsArticles.date), desc(cmsArticles.createdAt)]),
        )
        .limit(query.ipp)
        .offset(query.cp * query.ipp),
      this.db
        .select({ total: count() })
        .from(cmsArticles)
        .leftJoin(cmsCategories, eq(cmsCategories.id, cmsArticles.categoryId))
        .where(where),
    ]);
    return {
      items: rows.map((r) => summaryOf(r.article, r.author, r.category)),
      cp: query.cp,
      ipp: query.ipp,
      total,
    };
  }

  /** One article by its address; drafts only for operators. */
  async article(kind: ArticleKind, slug: string, drafts: boolean): Promise<Article> {
    const [row] = await this.db
      .select({ article: cmsArticles, author: cmsAuthors, category: cmsCategories })
      .from(cmsArticles)
      .leftJoin(cmsAuthors, eq(cmsAuthors.slug, cmsArticles.authorSlug))
      .leftJoin(cmsCategories, eq(cmsCategories.id, cmsArticles.categoryId))
      .where(and(eq(cmsArticles.kind, kind), eq(cmsArticles.slug, slug)));
    if (!row || (!drafts && row.article.status !== 'published')) throw notFound(cmsMessages.articleNotFound);
    return { ...summaryOf(row.article, row.author, row.category), content: row.article.content };
  }

  async articleById(id: string): Promise<Article> {
    const [row] = await this.db.select().from(cmsArticles).where(eq(cmsArticles.id, id));
    if (!row) throw notFound(cmsMessages.articleNotFound);
    return this.article(row.kind, row.slug, true);
  }

  /** Writes an article (new when `id` is null), sanitising its HTML. */
  async saveArticle(actorId: string, id: string | null, raw: ArticleInput): Promise<Article> {
    const input = ArticleInputSchema.parse(raw);
    const content = sanitizeArticleHtml(input.content);
    if (content.length > cmsRules.contentMax)
      throw new AppError(
        'VALIDATION_FAILED',
        `An article has at most ${cmsRules.contentMax} characters of HTML`,
      );
    const slug = input.slug ?? slugOf(input.title);
    const saved = await this.db.transaction(async (tx) => {
      const before = id ? (await tx.select().from(cmsArticles).where(eq(cmsArticles.id, id)))[0] : undefined;
      if (id && !before) throw notFound(cmsMessages.articleNotFound);
      const [taken] = await tx
        .select({ id: cmsArticles.id })
        .from(cmsArticles)
        .where(
          and(
            eq(cmsArticles.kind, input.kind),
            eq(cmsArticles.slug, slug),
            id ? ne(cmsArticles.id, id) : undefined,
          ),
        );
      if (taken)
        throw new AppError('CONFLICT', cmsMessages.slugTaken, [
          { path: '/slug', message: cmsMessages.slugTaken },
        ]);
      const categoryId = input.category ? await this.categoryId(tx, input.category) : null;
      if (input.author) await this.requireAuthor(tx, input.author);
      const values = {
        kind: input.kind,
        slug,
        title: input.title,
        description: input.description,
        content,
        banner: input.banner || null,
        thumbnail: input.thumbnail || null,
        authorSlug: input.author,
        categoryId,
        tags: [...new Set(input.tags)],
        status: input.status,
        date: input.date ?? before?.date ?? today(),
        updatedDate: input.updatedDate !== undefined ? input.updatedDate : before ? today() : null,
        readingMinutes: readingMinutes(content),
        updatedAt: new Date().toISOString(),
      };
      const articleId = id ?? uuidv7();
      if (before) await tx.update(cmsArticles).set(values).where(eq(cmsArticles.id, articleId));
      else await tx.insert(cmsArticles).values({ id: articleId, ...values });
      await this.audit(
        tx,
        actorId,
        before ? 'cms.article.update' : 'cms.article.create',
        `article:${articleId}`,
        {
          kind: input.kind,
          slug,
          status: input.status,
        },
      );
      return articleId;
    });
    return this.articleById(saved);
  }

  async deleteArticle(actorId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(cmsArticles).where(eq(cmsArticles.id, id)).returning();
      if (!row) throw notFound(cmsMessages.articleNotFound);
      await this.audit(tx, actorId, 'cms.article.delete', `article:${id}`, {
        kind: row.kind,
        slug: row.slug,
      });
    });
  }

  async faqs(): Promise<Faq[]> {
    return this.db
      .select({
        id: cmsFaqs.id,
        question: cmsFaqs.question,
        answer: cmsFaqs.answer,
        category: cmsFaqs.category,
        index: cmsFaqs.index,
      })
      .from(cmsFaqs)
      .orderBy(asc(cmsFaqs.index), asc(cmsFaqs.createdAt));
  }

  async saveFaq(actorId: string, id: string | null, input: FaqInput): Promise<Faq> {
    const answer = sanitizeArticleHtml(input.answer);
    if (!answer)
      throw new AppError('VALIDATION_FAILED', 'An answer is required', [
        { path: '/answer', message: 'An answer is required' },
      ]);
    return this.db.transaction(async (tx) => {
      let row;
      if (id) {
        [row] = await tx
          .update(cmsFaqs)
          .set({ question: input.question, answer, category: input.category })
          .where(eq(cmsFaqs.id, id))
          .returning();
        if (!row) throw notFound(cmsMessages.faqNotFound);
      } else {
        const [{ last }] = await tx.select({ last: count() }).from(cmsFaqs);
        [row] = await tx
          .insert(cmsFaqs)
          .values({ id: uuidv7(), question: input.question, answer, category: input.category, index: last })
          .returning();
      }
      await this.audit(tx, actorId, id ? 'cms.faq.update' : 'cms.faq.create', `faq:${row.id}`, {
        question: input.question,
      });
      return {
        id: row.id,
        question: row.question,
        answer: row.answer,
        category: row.category,
        index: row.index,
      };
    });
  }

  async deleteFaq(actorId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(cmsFaqs).where(eq(cmsFaqs.id, id)).returning();
      if (!row) throw notFound(cmsMessages.faqNotFound);
      await this.audit(tx, actorId, 'cms.faq.delete', `faq:${id}`, { question: row.question });
    });
  }

  async glossary(): Promise<GlossaryTerm[]> {
    const rows = await this.db
      .select({ id: cmsGlossary.id, term: cmsGlossary.term, definition: cmsGlossary.definition })
      .from(cmsGlossary);
    return rows.sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' }));
  }

  async saveTerm(actorId: string, id: string | null, input: GlossaryInput): Promise<GlossaryTerm> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: cmsGlossary.id })
        .from(cmsGlossary)
        .where(and(eq(cmsGlossary.term, input.term), id ? ne(cmsGlossary.id, id) : undefined));
      if (taken)
        throw new AppError('CONFLICT', cmsMessages.termTaken, [
          { path: '/term', message: cmsMessages.termTaken },
        ]);
      let row;
      if (id) {
        [row] = await tx.update(cmsGlossary).set(input).where(eq(cmsGlossary.id, id)).returning();
        if (!row) throw notFound(cmsMessages.termNotFound);
      } else {
        [row] = await tx
          .insert(cmsGlossary)
          .values({ id: uuidv7(), ...input })
          .returning();
      }
      await this.audit(tx, actorId, id ? 'cms.term.update' : 'cms.term.create', `term:${row.id}`, {
        term: input.term,
      });
      return { id: row.id, term: row.term, definition: row.definition };
    });
  }

  async deleteTerm(actorId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(cmsGlossary).where(eq(cmsGlossary.id, id)).returning();
      if (!row) throw notFound(cmsMessages.termNotFound);
      await this.audit(tx, actorId, 'cms.term.delete', `term:${id}`, { term: row.term });
    });
  }

  /**
   * The resources sidebar and menu (platform.md §2.2, §2.10): FAQs, Guides, the video tutorials
   * (only when the category whose slug contains 'video' has a link: it opens in a new tab), Blog
   * and Glossary.
   */
  async guidesMenu(): Promise<MenuItem[]> {
    const categories = await this.db.select().from(cmsCategories).orderBy(asc(cmsCategories.index));
    const video = categories.find((c) => c.slug.includes('video') && c.url);
    const items: Omit<MenuItem, 'id'>[] = [
      { title: 'FAQs', link: '/resources/faqs', icon: 'faq', externalUrl: null },
      { title: 'Guides', link: '/resources/guides', icon: 'guide', externalUrl: null },
      ...(video ? [{ title: video.title, link: video.url!, icon: 'video', externalUrl: video.url }] : []),
      { title: 'Blog', link: '/resources/blog', icon: 'blog', externalUrl: null },
      { title: 'Glossary', link: '/resources/glossary', icon: 'glossary', externalUrl: null },
    ];
    return items.map((item, i) => ({ id: i + 1, ...item }));
  }

  private async categoryId(tx: Tx, slug: string): Promise<string> {
    const [row] = await tx
      .select({ id: cmsCategories.id })
      .from(cmsCategories)
      .where(eq(cmsCategories.slug, slug));
    if (!row)
      throw new AppError('VALIDATION_FAILED', cmsMessages.unknownCategory, [
        { path: '/category', message: cmsMessages.unknownCategory },
      ]);
    return row.id;
  }

  private async requireAuthor(tx: Tx, slug: string): Promise<void> {
    const [row] = await tx
      .select({ slug: cmsAuthors.slug })
      .from(cmsAuthors)
      .where(eq(cmsAuthors.slug, slug));
    if (!row)
      throw new AppError('VALIDATION_FAILED', cmsMessages.unknownAuthor, [
        { path: '/author', message: cmsMessages.unknownAuthor },
      ]);
  }

  private async audit(
    tx: Tx,
    actorId: string,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ) {
    await tx.insert(auditLog).values({ id: uuidv7(), actorId, action, target, details });
  }
}
