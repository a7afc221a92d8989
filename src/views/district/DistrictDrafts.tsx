import { Alert, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import type { SpaceCardData } from '../kit/SpaceCard';
import { SpacesList } from '../pages/profileSpaces';
import '../../i18n/districtsCatalogue';

const noCopies: SpaceCardData[] = [];

/**
 * Spaces › Drafts on a district's host (platform.md §2.1): the member's own drafts, to finish and
 * publish into the district (a slot allocated to them) or to ask it to host once published.
 */
export function DistrictDraftsPage({ district }: { district: District }) {
  const { t } = useTranslation();
  const [copies, setCopies] = useState<SpaceCardData[]>(noCopies);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const onDeleted = useCallback(
    (sceneId: string) => setDeleted((before) => new Set(before).add(sceneId)),
    [],
  );
  const onDuplicated = useCallback(
    (copy: SpaceCardData) =>
      setCopies((before) => [copy, ...before.filter((c) => c.sceneId !== copy.sceneId)]),
    [],
  );
  if (!district.districtUserRole) return <Alert severity="info">{t('district.drafts.membersOnly')}</Alert>;
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('district.drafts.lead')}</Typography>
      <SpacesList
        params={{ userId: 'me', own: true, state: 'Draft' }}
        owner
        first={copies}
        deleted={deleted}
        onDeleted={onDeleted}
        onDuplicated={onDuplicated}
      />
    </Stack>
  );
}
