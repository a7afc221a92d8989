import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { NewsletterOutcome } from '../../../contracts/newsletter';
import '../../i18n/newsletterCatalogue';

/** What the newsletter mail's link did: confirmed, unsubscribed, or a link no longer valid. */
export default function NewsletterOutcomeNote({ outcome }: { outcome: NewsletterOutcome }) {
  const { t } = useTranslation();
  return (
    <Alert severity={outcome === 'invalid' ? 'warning' : 'success'} role="status" sx={{ mb: 3 }}>
      {t(`newsletter.outcome.${outcome}`)}
    </Alert>
  );
}
