import { Alert, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Article } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import { StandardPage } from '../kit/StandardPage';
import { ArticleView } from '../resources/ArticleView';
import { Loaded } from '../resources/Loaded';

export type LegalPageId = 'terms' | 'termsProfessional' | 'termsDataProcessing' | 'privacy' | 'refund';

/** The document (content service, kind 'document') each legal page shows. */
const documentOf: Record<LegalPageId, string> = {
  terms: 'terms-of-service',
  termsProfessional: 'professional-services-addendum',
  termsDataProcessing: 'data-processing-addendum',
  privacy: 'privacy-notice',
  refund: 'refund-policy',
};

/**
 * Legal documents: texts the operator edits in the operator area (seeded with a marked template),
 * each with its last-updated date. Without one, the page says who publishes it.
 */
export function LegalPage({ id }: { id: LegalPageId }) {
  const { t } = useTranslation();
  const flow = useFlow('resourceArticle', { kind: 'document', slug: documentOf[id] });
  const missing = (
    <StandardPage page={id} width="text">
      <Typography sx={{ mb: 2 }}>{t(`pages.${id}.body`, { name: t('shell.appName') })}</Typography>
      <Alert severity="info">{t('pages.legal.operatorNote')}</Alert>
    </StandardPage>
  );
  return (
    <Container sx={{ py: { xs: 4, md: 8 } }}>
      <Loaded<Article> flow={flow} notFound={missing}>
        {(article) => <ArticleView article={article} />}
      </Loaded>
    </Container>
  );
}
