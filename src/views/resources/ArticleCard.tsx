import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { Box, Card, CardActions, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ArticleSummary } from '../../../contracts/cms';

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
});

/** The picture shown when an article has none, or its picture fails to load. */
function FallbackThumbnail() {
  return (
    <Box
      aria-hidden
      sx={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #dfe7ee 0%, #c5d3e0 100%)',
        color: 'primary.main',
      }}
    >
      <ArticleOutlinedIcon sx={{ fontSize: 56, opacity: 0.6 }} />
    </Box>
  );
}

/**
 * An article's card (platform.md §2.10): thumbnail (a fallback when missing or failing), category,
 * title on at most 2 lines, description on at most 8, and 'Read More'.
 */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const title = article.title || t('resources.untitled');
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ aspectRatio: '16 / 9', overflow: 'hidden', bgcolor: 'action.hover' }}>
        {article.thumbnail && !failed ? (
          <Box
            component="img"
            src={article.thumbnail}
            alt=""
            loading="lazy"
            onError={() => setFailed(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <FallbackThumbnail />
        )}
      </Box>
      <CardContent sx={{ flex: 1 }}>
        {article.category && (
          <Typography variant="overline" color="text.secondary" component="p">
            {article.category.title}
          </Typography>
        )}
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.2rem', mb: 1, ...clamp(2) }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={clamp(8)}>
          {article.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <MuiLink component={Link} href={article.url} aria-label={`${t('resources.readMore')}: ${title}`}>
          {t('resources.readMore')}
        </MuiLink>
      </CardActions>
    </Card>
  );
}
