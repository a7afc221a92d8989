import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ArticleKind, ArticlePage } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import { ArticleCard } from './ArticleCard';
import { Loaded } from './Loaded';

/** The guides grid or the blog list: every published article of a kind, as cards. */
export function ArticleList({ kind }: { kind: Exclude<ArticleKind, 'document'> }) {
  const { t } = useTranslation();
  const flow = useFlow('resourceArticles', kind);
  return (
    <Loaded<ArticlePage> flow={flow}>
      {(page) =>
        page.items.length === 0 ? (
          <Typography>{t('resourcePages.noArticles')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {page.items.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </Box>
        )
      }
    </Loaded>
  );
}
