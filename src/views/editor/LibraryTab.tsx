import { Alert, Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '../../../contracts/assets';
import { useFlow } from '../../app/AppContext';
import {
  type EditorLibraryActorRef,
  type LibraryTypeFilter,
  libraryAssets,
  libraryListOf,
  placeableAssetTypes,
} from '../../machines/editorLibraryMachine';
import type { InfiniteListActorRef } from '../../machines/infiniteListMachine';
import { AssetUploadDialog } from '../assets/AssetUploadDialog';
import { UploadTypeButton } from '../assets/UploadTypeButton';
import { ListFooter } from '../kit/ListFooter';
import { ContentCard } from './ContentCard';
import type { Send } from './editorSession';
import { assetPlaceable } from './libraryItems';

const grid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 0.75 } as const;
const typeFilters: LibraryTypeFilter[] = ['all', ...placeableAssetTypes];

/**
 * Add Content's My library tab: the signed-in creator's assets (editorLibraryMachine), searched
 * and filtered by type, each dragged onto the space or added like the built-in items; Upload
 * adds one to the library and shows it first.
 */
export function LibraryTab({ send }: { send: Send }) {
  const { t } = useTranslation();
  const library = useFlow('editorLibrary', undefined);
  const list = useSelector(library, (s) => (s ? libraryListOf(s) : undefined));
  if (!library || !list) return <CircularProgress size={24} aria-label={t('editor.library.opening')} />;
  return <Library library={library} list={list} send={send} />;
}

function Library({
  library,
  list,
  send,
}: {
  library: EditorLibraryActorRef;
  list: InfiniteListActorRef;
  send: Send;
}) {
  const { t } = useTranslation();
  const draft = useSelector(library, (s) => s.context.draft);
  const type = useSelector(library, (s) => s.context.type);
  const filtered = useSelector(library, (s) => s.context.search !== '' || s.context.type !== 'all');
  const added = useSelector(library, (s) => s.context.added);
  const uploadOpen = useSelector(library, (s) => s.matches({ upload: 'open' }));
  const listed = useSelector(list, (s) => s.context.items);
  const entries = useMemo(
    () =>
      libraryAssets(added, listed).flatMap((asset) => {
        const item = assetPlaceable(asset);
        return item ? [{ asset, item }] : [];
      }),
    [added, listed],
  );
  const uploadType = useSelector(library, (s) => s.context.uploadType);
  const upload = (
    <UploadTypeButton
      size="small"
      onChoose={(assetType) => library.send({ type: 'upload.opened', assetType })}
    />
  );

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          fullWidth
          label={t('editor.library.search')}
          value={draft}
          onChange={(e) => library.send({ type: 'search.changed', text: e.target.value })}
        />
        {upload}
      </Stack>
      <TextField
        select
        size="small"
        label={t('editor.library.type')}
        value={type}
        onChange={(e) =>
          library.send({ type: 'type.changed', assetType: e.target.value as LibraryTypeFilter })
        }
      >
        {typeFilters.map((filter) => (
          <MenuItem key={filter} value={filter}>
            {filter === 'all' ? t('editor.library.allTypes') : t(`assets.types.${filter}`)}
          </MenuItem>
        ))}
      </TextField>
      {entries.length > 0 && (
        <Box role="list" aria-label={t('editor.library.label')} sx={grid}>
          {entries.map(({ asset, item }) => (
            <ContentCard
              key={asset.id}
              label={asset.title}
              item={item}
              thumbnail={asset.thumbnailUrl ?? undefined}
              send={send}
            />
          ))}
        </Box>
      )}
      <ListFooter
        list={list}
        failedText={t('editor.library.failed')}
        onFailed={(error) =>
          (error as { status?: number } | null)?.status === 401 ? (
            <Alert severity="info">{t('editor.library.signIn')}</Alert>
          ) : null
        }
        empty={entries.length === 0 && <EmptyLibrary filtered={filtered} upload={upload} />}
      />
      <AssetUploadDialog
        open={uploadOpen}
        type={uploadType}
        onClose={() => library.send({ type: 'upload.closed' })}
        onSaved={(asset: Asset) => library.send({ type: 'asset.saved', asset })}
      />
    </Stack>
  );
}

function EmptyLibrary({ filtered, upload }: { filtered: boolean; upload: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
      <Typography variant="subtitle2" component="p">
        {t(filtered ? 'editor.library.noMatch' : 'editor.library.empty')}
      </Typography>
      {!filtered && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('editor.library.emptyHint')}
          </Typography>
          {upload}
        </>
      )}
    </Stack>
  );
}
