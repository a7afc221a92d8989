import { Box, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { type Asset, type AssetStorage, type AssetType, formatBytes } from '../../../contracts/assets';
import { profileCategories } from '../../../contracts/routeMap';
import { useFlow } from '../../app/AppContext';
import type { AssetLibraryParams } from '../../app/flows/assets';
import { defaultItemsPerPage } from '../../machines/infiniteListMachine';
import { AssetCard } from '../assets/AssetCard';
import { UploadTypeButton } from '../assets/UploadTypeButton';
import { AssetUploadDialog } from '../assets/AssetUploadDialog';
import { ListFooter } from '../kit/ListFooter';
import { useInfiniteList } from '../kit/useInfiniteList';

type LibraryTab = (typeof profileCategories.library)[number];

/** The asset type each Content library subcategory lists (platform.md §2.1). */
export const libraryTabTypes: Record<LibraryTab, AssetType> = {
  images: 'picture',
  videos: 'video',
  '3d-models': 'model3d',
  '3d-texts': 'text3d',
  '3d-hypertexts': 'hyperText',
  webviews: 'webView3d',
};
const tabOfType = (type: AssetType): LibraryTab | undefined =>
  (Object.keys(libraryTabTypes) as LibraryTab[]).find((tab) => libraryTabTypes[tab] === type);

/** What the Upload button offers in the library (platform.md §2.3 'Upload button types'). */

export interface ProfileLibraryProps {
  userId: string;
  /** The signed-in user's own library: upload, edit, delete and the storage used. */
  isMe: boolean;
}

/**
 * The Content library of a profile (platform.md §2.1, §2.3): Images, Videos, 3d objects, Texts,
 * Hyper Texts and Web Views, each an infinite list of asset cards. Its owner uploads (the Upload
 * button and its types), edits and deletes, and sees the storage used; visitors see the assets
 * unless the owner hides the library (the server then lists nothing to them).
 */
export function ProfileLibrary({ userId, isMe }: ProfileLibraryProps) {
  const { t } = useTranslation();
  const params = useParams<{ subcategory?: string }>();
  const [, navigate] = useLocation();
  const tab: LibraryTab =
    params.subcategory && params.subcategory in libraryTabTypes
      ? (params.subcategory as LibraryTab)
      : 'images';
  const base = `/user/${encodeURIComponent(userId)}/library`;
  const [dialog, setDialog] = useState<{ type: AssetType; asset?: Asset } | null>(null);
  const [generation, setGeneration] = useState(0);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());

  const onSaved = useCallback(
    (asset: Asset) => {
      setDialog(null);
      setGeneration((n) => n + 1);
      const savedTab = tabOfType(asset.type);
      if (savedTab && savedTab !== tab) navigate(`${base}/${savedTab}`);
    },
    [base, navigate, tab],
  );
  const onDeleted = useCallback((assetId: string) => {
    setDeleted((before) => new Set(before).add(assetId));
    setGeneration((n) => n + 1);
  }, []);
  const onEdit = useCallback((asset: Asset) => setDialog({ type: asset.type, asset }), []);

  return (
    <Box component="section" aria-label={t('profile.categories.library')} sx={{ mb: 6 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Tabs
          value={tab}
          aria-label={t('profile.categories.library')}
          variant="scrollable"
          sx={{ flexGrow: 1 }}
        >
          {(Object.keys(libraryTabTypes) as LibraryTab[]).map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`profile.subcategories.${value}`)}
              component={Link}
              href={`${base}/${value}`}
            />
          ))}
        </Tabs>
        {isMe && <UploadTypeButton onChoose={(type) => setDialog({ type })} />}
      </Stack>
      {isMe && <StorageUsed key={generation} />}
      <LibraryList
        key={`${userId}:${isMe ? 'owner' : 'visitor'}:${tab}:${generation}`}
        params={{ userId, own: isMe, type: libraryTabTypes[tab] }}
        owner={isMe}
        deleted={deleted}
        onEdit={onEdit}
        onDeleted={onDeleted}
      />
      {dialog && (
        <AssetUploadDialog
          open
          type={dialog.type}
          asset={dialog.asset}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
    </Box>
  );
}

/** The library's storage: used of the plan's limit. */
function StorageUsed() {
  const { t } = useTranslation();
  const storage = useFlow('assetStorage', undefined);
  const data = useSelector(storage, (s) => s?.context.data as AssetStorage | null | undefined);
  if (!data) return null;
  const percent = Math.min(100, Math.round((data.used / data.limit) * 100));
  return (
    <Stack spacing={0.5} sx={{ mb: 3, maxWidth: 360 }}>
      <Typography variant="body2" color="text.secondary">
        {t('assetLibrary.storage', { used: formatBytes(data.used), limit: formatBytes(data.limit) })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={t('assetLibrary.storageLabel')} />
    </Stack>
  );
}

export interface LibraryListProps {
  /** Whose library (`districtId`: a district's) and which type. */
  params: AssetLibraryParams;
  /** The viewer may edit and delete: every asset (their own library), none, or per asset (a district's). */
  owner: boolean | ((asset: Asset) => boolean);
  deleted: ReadonlySet<string>;
  onEdit(asset: Asset): void;
  onDeleted(assetId: string): void;
}

/** An infinite list of asset cards (platform.md §4 'Infinite list'); a district's library uses it too. */
export function LibraryList({ params, owner, deleted, onEdit, onDeleted }: LibraryListProps) {
  const { t } = useTranslation();
  const list = useInfiniteList('assetLibrary', params, defaultItemsPerPage);
  const items = useSelector(list, (s) => (s?.context.items ?? noAssets) as Asset[]);
  const done = useSelector(list, (s) => s?.matches('done') ?? false);
  const shown = useMemo(() => items.filter((asset) => !deleted.has(asset.id)), [items, deleted]);

  return (
    <>
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t('assetLibrary.list')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {shown.map((asset) => (
            <Box component="li" key={asset.id} sx={{ display: 'flex', justifyContent: 'center' }}>
              <AssetCard
                asset={asset}
                owner={typeof owner === 'function' ? owner(asset) : owner}
                onEdit={onEdit}
                onDeleted={onDeleted}
                districtId={params.districtId}
              />
            </Box>
          ))}
        </Box>
      )}
      {done && shown.length === 0 && (
        <Typography variant="h3" component="p" sx={{ py: 6, textAlign: 'center' }}>
          {t('assetLibrary.empty')}
        </Typography>
      )}
      {list && <ListFooter list={list} failedText={t('list.failed')} loadMoreButton="fallback" />}
    </>
  );
}

const noAssets: Asset[] = [];
