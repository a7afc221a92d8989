import { Alert, Link, Stack } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { type District, districtOrigin } from '../../../contracts/districts';
import type { Slot } from '../../../contracts/publishing';
import { useSession } from '../../app/AppContext';
import { mainSiteOrigin, readBaseDomain } from '../../lib/host';
import { useInfiniteList } from '../kit/useInfiniteList';
import '../../i18n/districtsCatalogue';

const noDistricts: District[] = [];

/**
 * Districts the publisher is a Creator in without a slot to publish into now (platform.md §4
 * 'publishing into district slots'): ask the district's owner for a slot, or publish in a slot of
 * one's own and ask the district to host the space (its Spaces › Hosting Requests page).
 */
export function DistrictSlotHints({ slots, sceneId }: { slots: readonly Slot[]; sceneId: string }) {
  const me = useSelector(useSession(), (s) => s.context.user?.userId ?? null);
  return me ? <Hints userId={me} slots={slots} sceneId={sceneId} /> : null;
}

function Hints({ userId, slots, sceneId }: { userId: string; slots: readonly Slot[]; sceneId: string }) {
  const { t } = useTranslation();
  const list = useInfiniteList('districtList', { source: 'user', userId, side: 'others' });
  const districts = useSelector(list, (s) => (s?.context.items ?? noDistricts) as District[]);
  const usable = (d: District) =>
    slots.some((s) => s.districtId === d.districtId && s.active && (!s.sceneId || s.sceneId === sceneId));
  const without = districts.filter((d) => !usable(d));
  if (without.length === 0) return null;
  const origin = mainSiteOrigin();
  return (
    <Stack spacing={1}>
      {without.map((d) => (
        <Alert key={d.districtId} severity="info">
          {t('district.slotHints.askOwner', { district: d.title })}{' '}
          <Link href={`${districtOrigin(origin, readBaseDomain(), d.subdomain)}/spaces/hosting-requests`}>
            {t('district.slotHints.askHosting')}
          </Link>
        </Alert>
      ))}
    </Stack>
  );
}
