import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Asset, AssetType } from '../../../contracts/assets';
import type { District, DistrictRole } from '../../../contracts/districts';
import { useSession } from '../../app/AppContext';
import '../../i18n/districtLibraryCatalogue';
import { AssetUploadDialog } from '../assets/AssetUploadDialog';
import { LibraryList } from '../pages/profileLibrary';
import '../../i18n/assetUploadCatalogue';

export type DistrictLibraryTab = 'images' | 'videos' | '3d-models' | '3d-texts' | 'hypertexts';

/** The asset type each subsection of a district's Library lists (issue 22: Library), in menu order. */
export const districtLibraryTabTypes: Record<DistrictLibraryTab, AssetType> = {
  images: 'picture',
  videos: 'video',
  '3d-models': 'model3d',
  '3d-texts': 'text3d',
  hypertexts: 'hyperText',
};
const tabs = Object.keys(districtLibraryTabTypes) as DistrictLibraryTab[];
const tabOfType = (type: AssetType) => tabs.find((tab) => districtLibraryTabTypes[tab] === type);

/**
 * A district's Library section (issue 22 item 3): the assets the district owns, one type per tab
 * (the tabs themselves are DistrictArea's). Its members (Owners and Creators) see the list and
 * upload into it; each may edit and delete what they added, an Owner everything. Anyone else is
 * told that only members see it (the server refuses them the library too).
 */
export function DistrictLibraryPage({ district, tab }: { district: District; tab: DistrictLibraryTab }) {
  const { t } = useTranslation();
  const role = district.districtUserRole;
  if (!role) return <Alert severity="info">{t('districtLibrary.membersOnly')}</Alert>;
  return <MemberLibrary district={district} role={role} tab={tab} />;
}

function MemberLibrary({
  district,
  role,
  tab,
}: {
  district: District;
  role: DistrictRole;
  tab: DistrictLibraryTab;
}) {
  const { t } = useTranslation();
  const me = useSelector(useSession(), (s) => s.context.user?.userId ?? null);
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<{ type: AssetType; asset?: Asset } | null>(null);
  const [generation, setGeneration] = useState(0);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const { districtId } = district;

  // The server decides too; this only spares a member buttons that would be refused.
  const mayChange = useCallback((asset: Asset) => role === 'Owner' || asset.creatorId === me, [role, me]);
  const onSaved = useCallback(
    (asset: Asset) => {
      setDialog(null);
      setGeneration((n) => n + 1);
      const savedTab = tabOfType(asset.type);
      if (savedTab && savedTab !== tab) navigate(`/library/${savedTab}`);
    },
    [navigate, tab],
  );
  const onDeleted = useCallback((assetId: string) => {
    setDeleted((before) => new Set(before).add(assetId));
    setGeneration((n) => n + 1);
  }, []);
  const onEdit = useCallback((asset: Asset) => setDialog({ type: asset.type, asset }), []);

  return (
    <Box
      component="section"
      aria-label={t('districtLibrary.label', { title: district.title })}
      sx={{ mb: 6 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 2, mb: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('districtLibrary.intro')}
        </Typography>
        <UploadButton onChoose={(type) => setDialog({ type })} />
      </Stack>
      <LibraryList
        key={`${districtId}:${tab}:${generation}`}
        params={{ userId: me ?? '', own: false, type: districtLibraryTabTypes[tab], districtId }}
        owner={mayChange}
        deleted={deleted}
        onEdit={onEdit}
        onDeleted={onDeleted}
      />
      {dialog && (
        <AssetUploadDialog
          open
          type={dialog.type}
          asset={dialog.asset}
          districtId={districtId}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
    </Box>
  );
}

/**
 * The Upload button of a district's library: a menu of the types its tabs list (no web views or
 * sounds, which the district's Library has no place for).
 */
function UploadButton({ onChoose }: { onChoose(type: AssetType): void }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<UploadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        {t('assetLibrary.upload')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {tabs.map((tab) => (
          <MenuItem
            key={tab}
            onClick={() => {
              setAnchor(null);
              onChoose(districtLibraryTabTypes[tab]);
            }}
          >
            {t(`assetUpload.types.${districtLibraryTabTypes[tab]}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
