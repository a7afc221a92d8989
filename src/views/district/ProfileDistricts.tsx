import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { type District, districtOrigin } from '../../../contracts/districts';
import { useSession } from '../../app/AppContext';
import { shortenCount } from '../../lib/format';
import { readBaseDomain } from '../../lib/host';
import { selectTier } from '../../machines/sessionMachine';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';
import { ProfileCard, ProfileCardList } from '../social/ProfileCard';
import { DistrictWizard } from './DistrictWizard';
import '../../i18n/districtsCatalogue';

const noDistricts: District[] = [];
const subcategories = [
  'what-is-district',
  'my-districts',
  'others-districts',
  'following-districts',
] as const;
type Sub = (typeof subcategories)[number];
const sideOf = {
  'my-districts': 'my',
  'others-districts': 'others',
  'following-districts': 'following',
} as const;

/** A district's address, from the page's own origin. */
export function districtAddress(subdomain: string): string {
  const { protocol, port } = window.location;
  const base = readBaseDomain();
  return districtOrigin(`${protocol}//${base}${port ? `:${port}` : ''}`, base, subdomain);
}

/**
 * A profile's Districts (platform.md §2.1 profile subcategories): What is District, My districts
 * (with Create district on one's own), Districts of others (a Creator in), Following districts.
 */
export function ProfileDistricts({ userId, name, isMe }: { userId: string; name: string; isMe: boolean }) {
  const { t } = useTranslation();
  const params = useParams<{ subcategory?: string }>();
  const sub: Sub = subcategories.find((s) => s === params.subcategory) ?? 'my-districts';
  const base = `/user/${encodeURIComponent(userId)}/districts`;
  const session = useSession();
  const tier = useSelector(session, selectTier);
  const [creating, setCreating] = useState(false);
  const [revision, setRevision] = useState(0);
  return (
    <Box component="section" aria-label={t('profile.categories.districts')} sx={{ mb: 6 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mb: 3, justifyContent: 'space-between', gap: 1 }}>
        <Tabs value={sub} aria-label={t('profile.categories.districts')} variant="scrollable">
          {subcategories.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`profile.subcategories.${value}`)}
              component={Link}
              href={`${base}/${value}`}
            />
          ))}
        </Tabs>
        {isMe && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('districts.create')}
          </Button>
        )}
      </Stack>
      {sub === 'what-is-district' ? (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Typography>{t('districts.what.p1', { domain: readBaseDomain() })}</Typography>
          <Typography>{t('districts.what.p2')}</Typography>
          <Typography>{t('districts.what.p3')}</Typography>
        </Stack>
      ) : (
        <DistrictList key={`${sub}:${revision}`} userId={userId} name={name} side={sideOf[sub]} />
      )}
      {creating && (
        <DistrictWizard
          tier={tier}
          onClose={() => setCreating(false)}
          onDone={() => setRevision((r) => r + 1)}
        />
      )}
    </Box>
  );
}

function DistrictList({
  userId,
  name,
  side,
}: {
  userId: string;
  name: string;
  side: 'my' | 'others' | 'following';
}) {
  const { t } = useTranslation();
  const list = useInfiniteList('districtList', { source: 'user', userId, side }, 12);
  const items = useSelector(list, (s) => (s?.context.items ?? noDistricts) as District[]);
  const label = t(`districts.lists.${side}`, { name });
  return (
    <>
      {items.length > 0 && (
        <ProfileCardList label={label}>
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
          loadMoreButton="fallback"
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('districts.none')}
            </Typography>
          }
        />
      )}
    </>
  );
}

/** A district card: logo, title, its address, spaces and followers; opens the district's host. */
export function DistrictCard({ district }: { district: District }) {
  const { t } = useTranslation();
  return (
    <ProfileCard
      square
      picture={district.photo}
      title={district.title}
      subtitle={`${t('district.spaces', { count: district.numOfSpaces, formatted: shortenCount(district.numOfSpaces) })} · ${t('district.followers', { count: district.numOfFollowers, formatted: shortenCount(district.numOfFollowers) })}`}
      label={t('districts.open', { title: district.title })}
      externalHref={districtAddress(district.subdomain)}
      extra={
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Chip size="small" label={`${district.subdomain}.${readBaseDomain()}`} />
          {!district.public && <Chip size="small" icon={<LockIcon />} label={t('district.private')} />}
        </Stack>
      }
    />
  );
}
