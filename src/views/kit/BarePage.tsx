import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageMeta } from './PageMeta';

/** A full-screen page without header and footer (editor, viewer), with a slim bar of its own. */
export function BarePage({
  title,
  heading,
  badge,
  homeLink = true,
  children,
}: {
  title: string;
  heading: string;
  badge?: string;
  homeLink?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'grey.900',
        color: 'common.white',
      }}
    >
      <PageMeta title={title} />
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, height: 60, bgcolor: 'grey.800' }}
      >
        {homeLink && (
          <Button component={Link} href="/" color="inherit">
            {t('shell.appName')}
          </Button>
        )}
        <Typography variant="h1" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {heading}
        </Typography>
        {badge && <Chip size="small" label={badge} sx={{ bgcolor: 'grey.300' }} />}
      </Box>
      <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: 3 }}>
        <Alert severity="info">{t('shell.notYet')}</Alert>
        {children}
      </Box>
    </Box>
  );
}
