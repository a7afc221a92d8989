import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StandardPage } from '../kit/StandardPage';

export type ResourcesPageId = 'faqs' | 'guides' | 'guide' | 'blog' | 'blogPost' | 'glossary';

/** Resources (platform.md §2.10). Their articles come from the content service, which arrives later. */
export function ResourcesPage({ id }: { id: ResourcesPageId }) {
  const { t } = useTranslation();
  const article = id === 'guide' || id === 'blogPost';
  return (
    <StandardPage page={id} notYet>
      {article && <Typography>{t('resources.articleNotFound')}</Typography>}
    </StandardPage>
  );
}
