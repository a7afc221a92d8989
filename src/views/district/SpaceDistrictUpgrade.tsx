import { Button } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import { useFlow, useSession } from '../../app/AppContext';
import { selectTier } from '../../machines/sessionMachine';
import '../../i18n/districtsCatalogue';

const DistrictWizard = lazy(() => import('./DistrictWizard').then((m) => ({ default: m.DistrictWizard })));

/**
 * The editor's Upgrade for a space in a district (districts-commerce-spaces.md §2 'Editor header':
 * "An Upgrade button for districts opens the district wizard"): shown to the district's Owners,
 * it opens the wizard in edit mode (more slots, premade spaces, Pro).
 */
export function SpaceDistrictUpgrade({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  const loaded = useFlow('spaceDistrict', { subdomain });
  const district = useSelector(loaded, (s) => (s?.matches('ready') ? (s.context.data as District) : null));
  const session = useSession();
  const tier = useSelector(session, selectTier);
  const [open, setOpen] = useState(false);
  if (district?.districtUserRole !== 'Owner') return null;
  return (
    <>
      <Button variant="outlined" color="secondary" onClick={() => setOpen(true)}>
        {t('editor.header.upgrade')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DistrictWizard
            district={district}
            tier={tier}
            onClose={() => setOpen(false)}
            onDone={() => loaded?.send({ type: 'load.reload' })}
          />
        </Suspense>
      )}
    </>
  );
}
