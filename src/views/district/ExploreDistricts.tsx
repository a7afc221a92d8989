import { Stack, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import type { ExploreActorRef } from '../../machines/exploreMachine';
import { SearchBox } from '../explore/SpacesControls';
import { EmptyList, ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { ProfileCardList } from '../social/ProfileCard';
import { DistrictCard } from './ProfileDistricts';
import '../../i18n/districtsCatalogue';

const sorts = ['newest', 'title', 'followers', 'spaces'] as const;
type Sort = (typeof sorts)[number];
const noDistricts: District[] = [];

/**
 * Explore › Districts (platform.md §2.4): public, listed districts matching the search words,
 * sorted as chosen, 12 at a time, each a card to its own address (logo, title, spaces, followers).
 */
export default function ExploreDistricts({ explore }: { explore: ExploreActorRef }) {
  const { t } = useTranslation();
  const q = useSelector(explore, (s) => s.context.q);
  const [sort, setSort] = useState<Sort>('newest');
  const list = useInfiniteList('districtList', { source: 'search', q, sort }, 12);
  const items = useSelector(list, (s) => (s?.context.items ?? noDistricts) as District[]);
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SearchBox explore={explore} label={t('districts.explore.search')} />
        <TextField
          select
          size="small"
          id="explore-districts-sort"
          label={t('districts.explore.sortBy')}
          value={sort}
          onChange={(event) => setSort(event.target.value as Sort)}
          sx={{ width: { xs: '100%', sm: 200 } }}
          slotProps={{ select: { native: true } }}
        >
          {sorts.map((value) => (
            <option key={value} value={value}>
              {t(`districts.explore.sorts.${value}`)}
            </option>
          ))}
        </TextField>
      </Stack>
      {items.length > 0 && (
        <ProfileCardList label={t('districts.explore.list')}>
          {items.map((district) => (
            <li key={district.districtId}>
              <DistrictCard district={district} />
            </li>
          ))}
        </ProfileCardList>
      )}
      {list && (
        <ListFooter
          list={list}
          empty={<EmptyList text={t('explore.noDistricts')} hint={t('explore.districtsLead')} />}
        />
      )}
    </Stack>
  );
}
