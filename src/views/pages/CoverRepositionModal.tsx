import { Box, Button, Slider } from '@mui/material';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Modal } from '../kit/Modal';

/** Drag and zoom the cover photo; saves the visible area in percent. Zoom 1–3 (platform.md §9). */
export default function CoverRepositionModal({
  image,
  onClose,
  onSave,
}: {
  image: string;
  onClose: () => void;
  onSave: (crop: Area) => void;
}) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Modal
      open
      onClose={onClose}
      title={t('profile.cover.reposition')}
      maxWidth="md"
      actions={
        <>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button variant="contained" disabled={!area} onClick={() => area && onSave(area)}>
            {t('profile.cover.save')}
          </Button>
        </>
      }
    >
      <Box sx={{ position: 'relative', height: 280, bgcolor: 'grey.900' }}>
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          minZoom={1}
          maxZoom={3}
          aspect={4}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(percentages) => setArea(percentages)}
        />
      </Box>
      <Slider
        aria-label={t('pages.user.zoom')}
        min={1}
        max={3}
        step={0.1}
        value={zoom}
        onChange={(_, value) => setZoom(value as number)}
        sx={{ mt: 2 }}
      />
    </Modal>
  );
}
