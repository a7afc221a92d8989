import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Faq } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import { searchFaqs } from '../../lib/faqSearch';
import { ArticleBody } from './ArticleBody';
import { Loaded } from './Loaded';

/** The FAQs (platform.md §2.10): grouped by category, a search that narrows them as one types. */
export function FaqsView() {
  const { t } = useTranslation();
  const flow = useFlow('resourceFaqs', undefined);
  const [query, setQuery] = useState('');
  const id = useId();
  return (
    <Loaded<Faq[]> flow={flow}>
      {(faqs) => {
        if (faqs.length === 0) return <Typography>{t('resources.noFaqs')}</Typography>;
        const groups = searchFaqs(faqs, query);
        return (
          <>
            <TextField
              type="search"
              label={t('resourcePages.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              fullWidth
              sx={{ mb: 4, maxWidth: 560 }}
            />
            <div aria-live="polite">
              {groups.length === 0 && (
                <Typography>{t('resourcePages.noMatches', { query: query.trim() })}</Typography>
              )}
            </div>
            {groups.map((group, g) => (
              <Box component="section" key={group.category} sx={{ mb: 4 }} aria-labelledby={`${id}-${g}`}>
                <Typography variant="h2" id={`${id}-${g}`} sx={{ fontSize: '1.4rem', mb: 2 }}>
                  {group.category}
                </Typography>
                {group.items.map((faq) => (
                  <Accordion key={faq.id} disableGutters variant="outlined">
                    <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                      <Typography component="h3" sx={{ fontWeight: 600 }}>
                        {faq.question}
                      </Typography>
                    </AccordionSummary>
                    <AccordionDetails>
                      <ArticleBody html={faq.answer} />
                    </AccordionDetails>
                  </Accordion>
                ))}
              </Box>
            ))}
          </>
        );
      }}
    </Loaded>
  );
}
