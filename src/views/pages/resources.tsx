import { Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Article } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import { StandardPage } from '../kit/StandardPage';
import { ArticleList } from '../resources/ArticleList';
import { ArticleView } from '../resources/ArticleView';
import { FaqsView } from '../resources/FaqsView';
import { GlossaryView } from '../resources/GlossaryView';
import { Loaded } from '../resources/Loaded';
import { ResourcesLayout } from '../resources/ResourcesLayout';

export type ResourcesPageId = 'faqs' | 'guides' | 'guide' | 'blog' | 'blogPost' | 'glossary';

/** One guide or blog post by its address ('Article not found.' when there is none published). */
function ArticlePage({ kind, slug }: { kind: 'guide' | 'blog'; slug: string }) {
  const { t } = useTranslation();
  const flow = useFlow('resourceArticle', { kind, slug });
  const notFound = (
    <StandardPage page={kind === 'guide' ? 'guide' : 'blogPost'} heading={t('resources.articleNotFound')} />
  );
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Loaded<Article> flow={flow} notFound={notFound}>
        {(article) => <ArticleView article={article} />}
      </Loaded>
    </Container>
  );
}

/** Resources (platform.md §2.10): FAQs, guides, the blog, the glossary and their articles. */
export function ResourcesPage({ id, slug }: { id: ResourcesPageId; slug?: string }) {
  const { t } = useTranslation();
  if (id === 'guide' || id === 'blogPost') {
    return (
      <ResourcesLayout>
        {slug ? (
          <ArticlePage key={`${id}/${slug}`} kind={id === 'guide' ? 'guide' : 'blog'} slug={slug} />
        ) : (
          <StandardPage page={id}>
            <Typography>{t('resources.unknownResource')}</Typography>
          </StandardPage>
        )}
      </ResourcesLayout>
    );
  }
  return (
    <ResourcesLayout>
      <StandardPage page={id}>
        {id === 'faqs' && <FaqsView />}
        {id === 'glossary' && <GlossaryView />}
        {id === 'guides' && <ArticleList kind="guide" />}
        {id === 'blog' && <ArticleList kind="blog" />}
      </StandardPage>
    </ResourcesLayout>
  );
}
