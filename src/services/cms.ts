import type { KyInstance } from 'ky';
import type { Article, ArticleKind, ArticlePage, Faq, GlossaryTerm, MenuItem } from '../../contracts/cms';
import { call } from './scenes';

const segment = (value: string) => encodeURIComponent(value);

/** Reads of the content service (/api/cmsService): what is published. */
export const cmsApi = (api: KyInstance) => ({
  faqs: (signal?: AbortSignal) => call(() => api.get('cmsService/faqs', { signal }).json<Faq[]>()),
  glossary: (signal?: AbortSignal) =>
    call(() => api.get('cmsService/glossary', { signal }).json<GlossaryTerm[]>()),
  menu: (signal?: AbortSignal) => call(() => api.get('cmsService/guidesMenu', { signal }).json<MenuItem[]>()),
  articles: (kind: ArticleKind, signal?: AbortSignal) =>
    call(() =>
      api.get('cmsService/articles', { searchParams: { kind, ipp: 100 }, signal }).json<ArticlePage>(),
    ),
  article: (kind: ArticleKind, slug: string, signal?: AbortSignal) =>
    call(() => api.get(`cmsService/articles/${kind}/${segment(slug)}`, { signal }).json<Article>()),
});
