import UploadIcon from '@mui/icons-material/Upload';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetType } from '../../../contracts/assets';
import '../../i18n/assetUploadCatalogue';

/** The Upload button's types (platform.md §2.3), in the order the menu lists them. */
export const uploadTypes = ['picture', 'video', 'model3d', 'text3d', 'hyperText', 'webView3d'] as const;
export type UploadType = (typeof uploadTypes)[number];

/**
 * The Upload button: a menu of the asset types to upload (Image, Video, Model 3D, Text 3D, Hyper
 * Text, Web view). Used by the profile's Content library and the editor's My library tab.
 */
export function UploadTypeButton({
  onChoose,
  size = 'medium',
}: {
  onChoose(type: UploadType & AssetType): void;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size={size}
        variant="contained"
        startIcon={<UploadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('assetLibrary.upload')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {uploadTypes.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onChoose(type);
            }}
          >
            {t(`assetUpload.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
