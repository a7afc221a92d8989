import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import LinkIcon from '@mui/icons-material/Link';
import MusicNoteOutlinedIcon from '@mui/icons-material/MusicNoteOutlined';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetType } from '../../../contracts/assets';
import { useFlow } from '../../app/AppContext';
import { Modal } from '../kit/Modal';
import '../../i18n/assetUploadCatalogue';

const typeIcons: Record<AssetType, ReactNode> = {
  picture: <ImageOutlinedIcon fontSize="large" />,
  video: <VideocamOutlinedIcon fontSize="large" />,
  model3d: <ViewInArOutlinedIcon fontSize="large" />,
  text3d: <TextFieldsIcon fontSize="large" />,
  hyperText: <LinkIcon fontSize="large" />,
  webView3d: <LanguageIcon fontSize="large" />,
  audio: <MusicNoteOutlinedIcon fontSize="large" />,
};

/** The asset's thumbnail, or its type's icon when it has none or it cannot be shown. */
function Thumbnail({ asset }: { asset: Asset }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={{
        height: 160,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
        color: 'text.secondary',
        overflow: 'hidden',
      }}
    >
      {asset.thumbnailUrl && !failed ? (
        <Box
          component="img"
          src={asset.thumbnailUrl}
          alt=""
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Box aria-hidden sx={{ display: 'flex' }}>
          {typeIcons[asset.type]}
        </Box>
      )}
    </Box>
  );
}

export interface AssetCardProps {
  asset: Asset;
  /** The viewer owns the asset: edit and delete. */
  owner: boolean;
  onEdit(asset: Asset): void;
  onDeleted(assetId: string): void;
  /** The district whose library shows the card; the viewer's own library when absent. */
  districtId?: string;
}

/** One asset of a Content library: thumbnail, title, description, last change; its owner's actions. */
export function AssetCard({ asset, owner, onEdit, onDeleted, districtId }: AssetCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 360, display: 'flex', flexDirection: 'column' }}>
      <Thumbnail asset={asset} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" noWrap title={asset.title}>
          {asset.title}
        </Typography>
        {asset.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {asset.description}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('assetLibrary.updated', { date: new Date(asset.updatedAt).toLocaleDateString(i18n.language) })}
        </Typography>
      </CardContent>
      {owner && <OwnerActions asset={asset} onEdit={onEdit} onDeleted={onDeleted} districtId={districtId} />}
    </Card>
  );
}

function OwnerActions({ asset, onEdit, onDeleted, districtId }: Omit<AssetCardProps, 'owner'>) {
  const { t } = useTranslation();
  const card = useFlow('assetCard', { assetId: asset.id, ...(districtId ? { districtId } : {}) });
  const confirming = useSelector(card, (s) => s?.matches('confirming') ?? false);
  const busy = useSelector(card, (s) => s?.hasTag('busy') ?? false);
  const deleted = useSelector(card, (s) => s?.status === 'done');
  const error = useSelector(card, (s) => s?.context.error as { message?: string } | null | undefined);

  useEffect(() => {
    if (deleted) onDeleted(asset.id);
  }, [deleted, onDeleted, asset.id]);

  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {t('assetLibrary.deleteFailed', { message: error.message ?? '' })}
        </Alert>
      )}
      <CardActions aria-label={t('assetLibrary.actionsFor', { title: asset.title })}>
        <Tooltip title={t('assetLibrary.edit')}>
          <IconButton aria-label={t('assetLibrary.edit')} onClick={() => onEdit(asset)} disabled={busy}>
            <EditOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('assetLibrary.delete')}>
          <span>
            <IconButton
              aria-label={t('assetLibrary.delete')}
              onClick={() => card?.send({ type: 'delete.requested' })}
              disabled={!card || busy}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
      </CardActions>
      <Modal
        open={confirming}
        onClose={() => card?.send({ type: 'delete.cancelled' })}
        title={t('assetLibrary.deleteTitle')}
        actions={
          <>
            <Button onClick={() => card?.send({ type: 'delete.cancelled' })}>
              {t('assetUpload.cancel')}
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => card?.send({ type: 'delete.confirmed' })}
            >
              {t('assetLibrary.delete')}
            </Button>
          </>
        }
      >
        <Typography>{t('assetLibrary.deleteText', { title: asset.title })}</Typography>
      </Modal>
    </>
  );
}
