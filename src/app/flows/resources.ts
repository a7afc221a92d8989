import { fromPromise } from 'xstate';
import type { ArticleKind } from '../../../contracts/cms';
import { loadMachine } from '../../machines/loadMachine';
import { cmsApi } from '../../services/cms';
import type { AppServices } from '../services';

/** Which article a page shows. */
export interface ArticleAddress {
  kind: ArticleKind;
  slug: string;
}

/** The resources pages (platform.md §2.10) and the legal pages: what the content service publishes. */
export default function resourcesFlows({ api }: AppServices) {
  const cms = cmsApi(api);
  return {
    resourceFaqs: loadMachine.provide({ actors: { load: fromPromise(({ signal }) => cms.faqs(signal)) } }),
    resourceGlossary: loadMachine.provide({
      actors: { load: fromPromise(({ signal }) => cms.glossary(signal)) },
    }),
    resourceMenu: loadMachine.provide({ actors: { load: fromPromise(({ signal }) => cms.menu(signal)) } }),
    /** The guides or the blog posts (input: the kind). */
    resourceArticles: loadMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(({ input, signal }) =>
          cms.articles(input as ArticleKind, signal),
        ),
      },
    }),
    /** One article (input: ArticleAddress). */
    resourceArticle: loadMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(({ input, signal }) => {
          const { kind, slug } = input as ArticleAddress;
          return cms.article(kind, slug, signal);
        }),
      },
    }),
  };
}
