import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import '../../i18n/newsletterCatalogue';
import NewsletterForm from './NewsletterForm';

/** The footer's newsletter sign-up, on a light card so its field reads well on the dark footer. */
export default function FooterNewsletter() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="footer-newsletter"
      sx={{ bgcolor: 'background.paper', color: 'text.primary', p: 2, borderRadius: 2, maxWidth: 560 }}
    >
      <Typography component="h2" id="footer-newsletter" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('newsletter.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('newsletter.lead')}
      </Typography>
      <NewsletterForm source="footer" compact />
    </Box>
  );
}
