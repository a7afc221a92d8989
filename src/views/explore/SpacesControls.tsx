import GridViewIcon from '@mui/icons-material/GridView';
import SearchIcon from '@mui/icons-material/Search';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  Box,
  Chip,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ExploreFilter, ExploreSort } from '../../../contracts/publishing';
import { exploreFilters, exploreSorts } from '../../../contracts/publishingRules';
import type { ExploreActorRef, ExploreView } from '../../machines/exploreMachine';

/** The sort and view controls' width (platform.md §2.4). */
export const exploreControlWidth = 276;

const filterLabelKeys: Record<ExploreFilter, string> = {
  all: 'explore.filters.all',
  related: 'explore.filters.related',
  trending: 'explore.filters.trending',
  history: 'explore.filters.myHistory',
  favourites: 'explore.filters.myFavourites',
};

const sortLabelKeys: Record<ExploreSort, string> = {
  publishedAt: 'explore.sort.datePublished',
  views: 'explore.sort.views',
  likes: 'explore.sort.likes',
};

/** ALL, RELATED, TRENDING, MY HISTORY, MY FAVOURITES: one is chosen (aria-pressed). */
export function FilterChips({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const filter = useSelector(explore, (s) => s.context.filter);
  return (
    <Box
      role="group"
      aria-label={t('explore.filtersLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {exploreFilters.map((value) => (
        <Chip
          key={value}
          label={t(filterLabelKeys[value])}
          clickable
          color={value === filter ? 'primary' : 'default'}
          variant={value === filter ? 'filled' : 'outlined'}
          aria-pressed={value === filter}
          onClick={() => explore.send({ type: 'filter.selected', filter: value })}
          sx={{ fontWeight: 600 }}
        />
      ))}
    </Box>
  );
}

/** The search box ('Search...'): the machine waits for typing to pause; Enter searches at once. */
export function SearchBox({ explore, label }: { explore: ExploreActorRef; label: string }) {
  const { t } = useTranslation();
  const draft = useSelector(explore, (s) => s.context.draft);
  return (
    <TextField
      type="search"
      size="small"
      value={draft}
      placeholder={t('explore.searchPlaceholder')}
      onChange={(event) => explore.send({ type: 'search.typed', text: event.target.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') explore.send({ type: 'search.submitted' });
      }}
      sx={{ flexGrow: 1, minWidth: { xs: '100%', sm: 240 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** 'Sort By': Date published, Views or Likes. */
export function SortSelect({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const sort = useSelector(explore, (s) => s.context.sort);
  return (
    <TextField
      select
      size="small"
      id="explore-sort"
      label={t('explore.sort.placeholder')}
      value={sort}
      onChange={(event) => explore.send({ type: 'sort.selected', sort: event.target.value as ExploreSort })}
      sx={{ width: { xs: '100%', sm: exploreControlWidth } }}
      slotProps={{ select: { native: true } }}
    >
      {exploreSorts.map((value) => (
        <option key={value} value={value}>
          {t(sortLabelKeys[value])}
        </option>
      ))}
    </TextField>
  );
}

/** Grid view (the default) or List view. */
export function ViewToggle({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const view = useSelector(explore, (s) => s.context.view);
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={view}
      aria-label={t('explore.viewLabel')}
      onChange={(_, value: ExploreView | null) => {
        if (value) explore.send({ type: 'view.selected', view: value });
      }}
    >
      <ToggleButton value="grid" aria-label={t('explore.view.grid')} title={t('explore.view.grid')}>
        <GridViewIcon />
      </ToggleButton>
      <ToggleButton value="list" aria-label={t('explore.view.list')} title={t('explore.view.list')}>
        <ViewListIcon />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The tags every shown space carries; each chip removes its tag ('Remove tag {tag}'). */
export function ActiveTags({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const tags = useSelector(explore, (s) => s.context.tags);
  if (tags.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography id="explore-active-tags" variant="body2" color="text.secondary">
        {t('explore.activeTags')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby="explore-active-tags"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {tags.map((tag) => (
          <li key={tag}>
            <Chip
              label={tag}
              color="primary"
              variant="outlined"
              aria-label={t('explore.removeTag', { tag })}
              onClick={() => explore.send({ type: 'tag.removed', tag })}
              onDelete={() => explore.send({ type: 'tag.removed', tag })}
            />
          </li>
        ))}
      </Box>
    </Stack>
  );
}
