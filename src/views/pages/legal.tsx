import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StandardPage } from '../kit/StandardPage';

export type LegalPageId = 'terms' | 'termsProfessional' | 'termsDataProcessing' | 'privacy' | 'refund';

/** Legal documents. Their wording belongs to whoever operates an installation; the page says so. */
export function LegalPage({ id }: { id: LegalPageId }) {
  const { t } = useTranslation();
  return (
    <StandardPage page={id} width="text">
      <Typography sx={{ mb: 2 }}>{t(`pages.${id}.body`, { name: t('shell.appName') })}</Typography>
      <Typography color="text.secondary">{t('pages.legal.operatorNote')}</Typography>
    </StandardPage>
  );
}
