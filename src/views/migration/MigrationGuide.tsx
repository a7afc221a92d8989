import { Box, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import '../../i18n/migrationCatalogue';

const ContactForm = lazy(() => import('../contact/ContactForm'));

const moves = ['pictures', 'rooms', 'texts', 'models', 'tours'] as const;
const steps = ['files', 'account', 'room', 'upload', 'hang', 'tour', 'publish'] as const;

/**
 * The Artsteps migration page's body (issue 24 §5): what moves and how, the steps, and a request
 * form that reaches the operators (the contact form, as 'Moving from Artsteps'). Honest that
 * nothing is scraped: only the files people upload move.
 */
export default function MigrationGuide() {
  const { t } = useTranslation();
  return (
    <>
      <Box component="section" aria-labelledby="migration-moves" sx={{ mb: 5 }}>
        <Typography variant="h2" id="migration-moves" gutterBottom>
          {t('migration.movesHeading')}
        </Typography>
        <Box component="ul" sx={{ pl: 3 }}>
          {moves.map((key) => (
            <Typography component="li" key={key} sx={{ mb: 1 }}>
              <Trans i18nKey={`migration.moves.${key}`} components={{ strong: <strong /> }} />
            </Typography>
          ))}
        </Box>
        <Typography color="text.secondary">{t('migration.stays')}</Typography>
      </Box>
      <Box component="section" aria-labelledby="migration-steps" sx={{ mb: 5 }}>
        <Typography variant="h2" id="migration-steps" gutterBottom>
          {t('migration.stepsHeading')}
        </Typography>
        <Box component="ol" sx={{ pl: 3 }}>
          {steps.map((key) => (
            <Typography component="li" key={key} sx={{ mb: 1 }}>
              {t(`migration.steps.${key}`)}
            </Typography>
          ))}
        </Box>
        <MuiLink component={Link} href="/resources/guides">
          {t('migration.guideLink')}
        </MuiLink>
      </Box>
      <Box component="section" aria-labelledby="migration-help">
        <Typography variant="h2" id="migration-help" gutterBottom>
          {t('migration.helpHeading')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('migration.help')}</Typography>
        <Suspense fallback={<CircularProgress aria-label={t('shell.loading')} />}>
          <ContactForm inquiry="migration" messageLabel={t('migration.messageLabel')} />
        </Suspense>
      </Box>
    </>
  );
}
