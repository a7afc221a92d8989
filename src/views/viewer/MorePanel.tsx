import { Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SceneMetadata } from '../../../contracts/scenes';
import { useFlow } from '../../app/AppContext';
import { LiveCountsProvider } from '../kit/LiveCounts';
import { SpaceCard } from '../kit/SpaceCard';

/** How many other spaces the panel shows. */
export const relatedSpacesCount = 6;

/**
 * Other spaces, those sharing the most tags with this one first (then the most viewed), never
 * this space itself.
 */
export function rankRelated(
  spaces: readonly SceneMetadata[],
  current: Pick<SceneMetadata, 'sceneId' | 'tags'>,
) {
  const shared = (space: SceneMetadata) => space.tags.filter((tag) => current.tags.includes(tag)).length;
  return spaces
    .filter((space) => space.sceneId !== current.sceneId)
    .map((space, index) => ({ space, index, shared: shared(space) }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .map(({ space }) => space);
}

/** More / Explore other virtual spaces: published spaces as cards. */
export function MorePanel({ metadata }: { metadata: SceneMetadata }) {
  const related = useFlow('relatedSpaces', { count: relatedSpacesCount * 3 });
  return related ? <RelatedList related={related} metadata={metadata} /> : null;
}

function RelatedList({
  related,
  metadata,
}: {
  related: NonNullable<ReturnType<typeof useFlow<'relatedSpaces'>>>;
  metadata: SceneMetadata;
}) {
  const { t } = useTranslation();
  const loading = useSelector(related, (s) => s.hasTag('loading'));
  const spaces = useSelector(related, (s) => s.context.spaces);
  if (loading) return <Typography color="text.secondary">{t('viewer.more.loading')}</Typography>;
  const shown = rankRelated(spaces, metadata).slice(0, relatedSpacesCount);
  if (shown.length === 0) return <Typography>{t('viewer.more.none')}</Typography>;
  return (
    <LiveCountsProvider sceneIds={shown.map((space) => space.sceneId)}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        {shown.map((space) => (
          <SpaceCard key={space.sceneId} space={space} />
        ))}
      </Stack>
    </LiveCountsProvider>
  );
}
