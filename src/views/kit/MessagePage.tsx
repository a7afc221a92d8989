import { Box, Button, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageMeta } from './PageMeta';

/** A centred message with a way home: not-found, errors, no access. */
export function MessagePage({
  title,
  message,
  action,
  plainLink = false,
}: {
  title: string;
  message?: string;
  action?: ReactNode;
  /** Use a plain link home (a full reload), for when the app itself is in trouble. */
  plainLink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container component="section" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
      <PageMeta title={title} />
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {action}
        {plainLink ? (
          <Button variant={action ? 'outlined' : 'contained'} href="/">
            {t('errors.returnToHomepage')}
          </Button>
        ) : (
          <Button variant={action ? 'outlined' : 'contained'} component={Link} href="/">
            {t('errors.returnToHomepage')}
          </Button>
        )}
      </Box>
    </Container>
  );
}
