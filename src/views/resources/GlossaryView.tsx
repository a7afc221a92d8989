import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { GlossaryTerm } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import { byLetter } from '../../lib/faqSearch';
import { Loaded } from './Loaded';

/** The glossary (platform.md §2.10), A to Z, with a row of letters that jump to their terms. */
export function GlossaryView() {
  const { t } = useTranslation();
  const flow = useFlow('resourceGlossary', undefined);
  return (
    <Loaded<GlossaryTerm[]> flow={flow}>
      {(terms) => {
        if (terms.length === 0) return <Typography>{t('resources.noGlossary')}</Typography>;
        const groups = byLetter(terms);
        return (
          <>
            <Box component="nav" aria-label={t('resourcePages.letters')} sx={{ mb: 4 }}>
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
              >
                {groups.map((g) => (
                  <li key={g.letter}>
                    <MuiLink href={`#letter-${g.letter}`} sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
                      {g.letter}
                    </MuiLink>
                  </li>
                ))}
              </Box>
            </Box>
            {groups.map((g) => (
              <Box
                component="section"
                key={g.letter}
                sx={{ mb: 4, scrollMarginTop: 80 }}
                id={`letter-${g.letter}`}
              >
                <Typography variant="h2" sx={{ fontSize: '1.6rem', mb: 1 }}>
                  {g.letter}
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  {g.terms.map((term) => (
                    <Box key={term.id} sx={{ mb: 2 }}>
                      <Typography component="dt" sx={{ fontWeight: 700 }}>
                        {term.term}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                        {term.definition}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </>
        );
      }}
    </Loaded>
  );
}
