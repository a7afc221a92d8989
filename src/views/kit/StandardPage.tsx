import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from './PageMeta';

/**
 * The frame of an ordinary page: title and description for the document, the heading, a lead
 * paragraph, and the page's content.
 */
export function StandardPage({
  page,
  heading,
  lead,
  children,
  width = 'wide',
}: {
  /** Key under `pages.` in the catalogue: `title`, `description`, `heading` and `lead` are read from there. */
  page: string;
  heading?: string;
  lead?: string;
  children?: ReactNode;
  width?: 'wide' | 'text';
}) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  const leadText = lead ?? t(`pages.${page}.lead`, { defaultValue: '' });
  return (
    <Container component="article" sx={{ py: { xs: 4, md: 8 } }}>
      <PageMeta title={title} description={t(`pages.${page}.description`)} />
      <Box sx={{ maxWidth: width === 'text' ? 900 : undefined, mx: width === 'text' ? 'auto' : undefined }}>
        <Typography variant="h1" gutterBottom>
          {heading ?? t(`pages.${page}.heading`, { defaultValue: title })}
        </Typography>
        {leadText && (
          <Typography variant="h3" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4 }}>
            {leadText}
          </Typography>
        )}
        {children}
      </Box>
    </Container>
  );
}
