import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetType } from '../../../contracts/assets';
import { Modal } from '../kit/Modal';

export interface AssetUploadDialogProps {
  open: boolean;
  type: AssetType;
  asset?: Asset;
  onClose(): void;
  onSaved(asset: Asset): void;
}

/**
 * Stands in for the asset upload dialog until the library's upload forms land: it only says that
 * uploads are coming. Same path and props as the real one, so callers need no change.
 */
export function AssetUploadDialog({ open, onClose }: AssetUploadDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('assetUploadPlaceholder.title')}
      actions={<Button onClick={onClose}>{t('assetUploadPlaceholder.close')}</Button>}
    >
      <Typography>{t('assetUploadPlaceholder.text')}</Typography>
    </Modal>
  );
}
