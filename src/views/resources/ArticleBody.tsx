import { Box } from '@mui/material';
import { useMemo } from 'react';
import { prepareArticle } from '../../lib/articleHtml';

/** Sanitised article HTML, styled for reading. */
export function ArticleBody({ html, prepared }: { html?: string; prepared?: string }) {
  const shown = useMemo(() => prepared ?? prepareArticle(html ?? '').html, [html, prepared]);
  return (
    <Box
      sx={{
        '& h2, & h3, & h4': { scrollMarginTop: 96, mt: 4, mb: 1.5, lineHeight: 1.3 },
        '& h2': { fontSize: '1.6rem' },
        '& h3': { fontSize: '1.3rem' },
        '& h4': { fontSize: '1.1rem' },
        '& p, & li': { lineHeight: 1.7 },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1, display: 'block' },
        '& figure': { mx: 0, my: 3 },
        '& figcaption': { color: 'text.secondary', fontSize: '0.9rem', mt: 1 },
        '& iframe': { width: '100%', maxWidth: 800, aspectRatio: '16 / 9', height: 'auto', border: 0 },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'primary.main',
          m: 0,
          my: 2,
          px: 2,
          py: 0.5,
          bgcolor: 'action.hover',
        },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 2, borderRadius: 1 },
        '& table': { borderCollapse: 'collapse', width: '100%', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left', verticalAlign: 'top' },
        '& > :first-of-type': { mt: 0 },
      }}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
