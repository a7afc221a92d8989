import { Box, Chip, Divider, Link as MuiLink, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '../../../contracts/cms';
import { type ArticleHeading, articleDate, prepareArticle } from '../../lib/articleHtml';
import { PageMeta } from '../kit/PageMeta';
import { ArticleBody } from './ArticleBody';

const topId = 'article-top';

/** The heading being read: the last one whose top has passed under the header, else the title. */
function useCurrentHeading(headings: ArticleHeading[]): string {
  const [current, setCurrent] = useState(topId);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      let at = topId;
      for (const h of headings) {
        const element = document.getElementById(h.id);
        if (element && element.getBoundingClientRect().top <= 120) at = h.id;
      }
      setCurrent(at);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [headings]);
  return current;
}

/**
 * An article (platform.md §2.10): a header with its banner or without, 'N min read', the text
 * with a sticky Table of Contents (the title and each heading, indented by level, the one being
 * read highlighted), and a footer with the author, 'Tags:', the date and 'Updated on:'.
 */
export function ArticleView({
  article,
  showTableOfContents = true,
}: {
  article: Article;
  showTableOfContents?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { html, headings } = useMemo(() => prepareArticle(article.content), [article.content]);
  const current = useCurrentHeading(headings);
  const title = article.title || t('resources.untitled');
  const author = article.author?.name ?? t('resources.unknownAuthor');
  const date = articleDate(article.date, i18n.language);
  const withToc = showTableOfContents && headings.length > 0;

  const heading = (
    <>
      <Typography variant="h1" id={topId} sx={{ scrollMarginTop: 96 }} gutterBottom>
        {title}
      </Typography>
      {article.description && (
        <Typography variant="h3" component="p" sx={{ fontWeight: 400, mb: 2, opacity: 0.9 }}>
          {article.description}
        </Typography>
      )}
      {article.kind !== 'document' && (
        <Typography>
          {t('resourcePages.by', { name: author })} · <time dateTime={article.date}>{date}</time>
        </Typography>
      )}
    </>
  );

  return (
    <Box component="article">
      <PageMeta title={title} description={article.description || title} />
      {article.banner ? (
        <Box
          sx={{
            position: 'relative',
            color: '#fff',
            px: { xs: 2, md: 4 },
            py: { xs: 6, md: 10 },
            mb: 4,
            borderRadius: 2,
            overflow: 'hidden',
            backgroundImage: `linear-gradient(rgba(10,20,30,0.65), rgba(10,20,30,0.65)), url("${encodeURI(article.banner)}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        >
          {heading}
        </Box>
      ) : (
        <Box component="header" sx={{ mb: 4 }}>
          {heading}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: withToc ? 'minmax(0, 1fr) 240px' : '1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ maxWidth: 820, minWidth: 0 }}>
          {article.kind === 'document' ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('resourcePages.lastUpdated', {
                date: articleDate(article.updatedDate ?? article.date, i18n.language),
              })}
            </Typography>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('resources.minRead', { count: article.readingDuration })}
            </Typography>
          )}
          <ArticleBody prepared={html} />
        </Box>
        {withToc && (
          <Box
            component="nav"
            aria-labelledby="article-toc"
            sx={{
              position: { md: 'sticky' },
              top: { md: 96 },
              order: { xs: -1, md: 0 },
              maxHeight: { md: 'calc(100vh - 120px)' },
              overflowY: 'auto',
            }}
          >
            <Typography variant="h2" id="article-toc" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
              {t('resources.tableOfContents')}
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {[{ id: topId, text: title, level: 2 }, ...headings].map((h) => {
                const active = h.id === current;
                return (
                  <Box component="li" key={h.id} sx={{ pl: (h.level - 2) * 2 }}>
                    <MuiLink
                      href={`#${h.id}`}
                      aria-current={active ? 'location' : undefined}
                      underline="hover"
                      sx={{
                        display: 'block',
                        py: 0.5,
                        pl: 1,
                        borderLeft: 3,
                        borderColor: active ? 'primary.main' : 'transparent',
                        fontWeight: active ? 700 : 400,
                        color: active ? 'primary.main' : 'text.secondary',
                        fontSize: '0.9rem',
                      }}
                    >
                      {h.text}
                    </MuiLink>
                  </Box>
                );
              })}
            </Box>
          </Box>
        )}
      </Box>
      {article.kind !== 'document' && (
        <Box component="footer" sx={{ mt: 6 }}>
          <Divider sx={{ mb: 2 }} />
          <Typography sx={{ fontWeight: 600 }}>{author}</Typography>
          <Typography sx={{ mt: 1 }}>
            {t('resources.tags')} {article.tags.length ? article.tags.join('/') : t('resources.noTags')}
          </Typography>
          {article.category && <Chip size="small" label={article.category.title} sx={{ mt: 1 }} />}
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            <time dateTime={article.date}>{date}</time>
          </Typography>
          {article.updatedDate && (
            <Typography color="text.secondary">
              {t('resources.updatedOn')}{' '}
              <time dateTime={article.updatedDate}>{articleDate(article.updatedDate, i18n.language)}</time>
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
