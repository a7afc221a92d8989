import { Box, Container, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import {
  type ExploreActorRef,
  type ExploreTab,
  exploreTabs,
  parseExploreSearch,
  selectSpacesQuery,
} from '../../machines/exploreMachine';
import { useFlow, useSession } from '../../app/AppContext';
import { CreatorsResults } from '../explore/CreatorsResults';
import { SignInPrompt } from '../explore/SignInPrompt';
import { SpacesResults } from '../explore/SpacesResults';
import { ActiveTags, FilterChips, SearchBox, SortSelect, ViewToggle } from '../explore/SpacesControls';
import { useExploreLocation } from '../explore/useExploreLocation';
import { PageMeta } from '../kit/PageMeta';

// Districts' cards and strings load with their tab.
const ExploreDistricts = lazy(() => import('../district/ExploreDistricts'));

const tabId = (tab: ExploreTab) => `explore-tab-${tab}`;
const panelId = (tab: ExploreTab) => `explore-panel-${tab}`;

/**
 * /explore (platform.md §2.4): Spaces, Districts and Creators tabs. The query (tab, filter, sort,
 * search words, tags, grid or list) lives in `exploreMachine`; the tab, the words and the tags are
 * also in the address (`?tab=creators&q=…&tags=a,b`), so a link shows the same search.
 */
export function ExplorePage() {
  const search = useSearch();
  const signedIn = useSelector(useSession(), (s) => s.matches('signedIn'));
  const explore = useFlow('explore', { ...parseExploreSearch(search), signedIn }, { systemId: 'explore' });
  return explore ? <ExploreView explore={explore} /> : null;
}

function ExploreView({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  useExploreLocation(explore);
  const tab = useSelector(explore, (s) => s.context.tab);

  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <PageMeta title={t('pages.explore.title')} description={t('pages.explore.description')} />
      <Typography variant="h1" gutterBottom>
        {t('pages.explore.heading')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: ExploreTab) => explore.send({ type: 'tab.selected', tab: value })}
        aria-label={t('explore.tabsLabel')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {exploreTabs.map((value) => (
          <Tab
            key={value}
            value={value}
            id={tabId(value)}
            aria-controls={value === tab ? panelId(value) : undefined}
            label={t(`explore.tabs.${value}`)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'spaces' && <SpacesTab explore={explore} />}
        {tab === 'districts' && (
          <Suspense fallback={<LinearProgress aria-label={t('explore.tabs.districts')} />}>
            <ExploreDistricts explore={explore} />
          </Suspense>
        )}
        {tab === 'creators' && <CreatorsTab explore={explore} />}
      </Box>
    </Container>
  );
}

function SpacesTab({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const query = useSelector(explore, selectSpacesQuery, sameQuery);
  const filter = useSelector(explore, (s) => s.context.filter);
  const view = useSelector(explore, (s) => s.context.view);
  return (
    <Stack spacing={3}>
      <FilterChips explore={explore} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SearchBox explore={explore} label={t('explore.searchSpaces')} />
        <SortSelect explore={explore} />
        <ViewToggle explore={explore} />
      </Stack>
      <ActiveTags explore={explore} />
      {query ? (
        <SpacesResults
          query={query}
          view={view}
          onTagClick={(tag) => explore.send({ type: 'tag.added', tag })}
        />
      ) : (
        <SignInPrompt
          message={t(filter === 'history' ? 'explore.signInFor.history' : 'explore.signInFor.favourites')}
        />
      )}
    </Stack>
  );
}

function CreatorsTab({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const q = useSelector(explore, (s) => s.context.q);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex' }}>
        <SearchBox explore={explore} label={t('explore.searchCreators')} />
      </Box>
      <CreatorsResults q={q} />
    </Stack>
  );
}

function sameQuery<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
