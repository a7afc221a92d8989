import { Box, Button, FormHelperText, FormLabel, Slider, Stack } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { uploadRules } from '../../../contracts/files';
import { formatFileSize } from '../../lib/format';
import { cropToJpeg } from './cropImage';
import { useObjectUrls } from './useObjectUrls';

/** A cover is shown 16:9 (the space cards and the viewer's header). */
export const coverPhotoAspect = 16 / 9;
export const zoomRange = { min: 1, max: 3, step: 0.1 } as const;
export const rotationRange = { min: 0, max: 360, step: 1 } as const;

const coverRule = uploadRules.picture;
const coverMimeTypes = ['image/jpeg', 'image/png', 'image/webp'];
const coverAccept = coverRule.types.map((type) => `.${type}`).join(',') + ',' + coverMimeTypes.join(',');

/** Whether `file` may be a cover photo: an allowed picture type within the size limit. */
export function isAcceptableCover(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    coverMimeTypes.includes(file.type) ||
    (file.type === '' && (coverRule.types as readonly string[]).includes(extension));
  return typeOk && file.size <= coverRule.maxBytes;
}

const objectUrl = (blob: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
const revoke = (url: string | null) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

export interface CoverPhotoCropperProps {
  /** The file input's name ('Cover photo'). */
  label: string;
  /** The stored cover photo, if any. */
  uri: string | null;
  /** A new cover (the picked picture, then the cropped JPEG). */
  file: Blob | null;
  onChange(value: { file: Blob | null; uri: string | null }): void;
  /** A problem from the form ('Required'). */
  error?: string;
  required?: boolean;
  aspect?: number;
  /** Cuts the picture (canvas by default; tests give their own). */
  crop?: (src: string, area: Area, rotation: number) => Promise<Blob>;
}

/**
 * The cover photo: pick a picture (an allowed type within the size limit, else 'File should be an
 * image (…) and should not exceed …'), frame it with zoom (1–3) and rotation (0–360), then Crop
 * replaces it with the cropped JPEG. Clear removes it and brings the picker (and the cropper) back.
 */
export function CoverPhotoCropper({
  label,
  uri,
  file,
  onChange,
  error,
  required,
  aspect = coverPhotoAspect,
  crop = cropToJpeg,
}: CoverPhotoCropperProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  /** The picked picture while it is being framed. */
  const [source, setSource] = useState<string | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);

  const shownFile = useMemo(() => (file ? [file] : []), [file]);
  const preview = useObjectUrls(shownFile)[0] ?? null;
  useEffect(() => () => revoke(source), [source]);

  const pick = (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    if (!isAcceptableCover(picked)) {
      setProblem(
        t('validation.file.coverPhoto', {
          formats: coverRule.types.map((type) => type.toUpperCase()).join(', '),
          size: formatFileSize(coverRule.maxBytes),
        }),
      );
      return;
    }
    setProblem(null);
    setPosition({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setArea(null);
    setSource(objectUrl(picked));
    // The picture as picked counts until it is cropped.
    onChange({ file: picked, uri: null });
  };

  const cut = async () => {
    if (!source || !area) return;
    setCropping(true);
    try {
      const blob = await crop(source, area, rotation);
      const cropped = new File([blob], 'cover.jpg', { type: 'image/jpeg' });
      setSource(null);
      setProblem(null);
      onChange({ file: cropped, uri: null });
    } catch (reason) {
      console.error('Cropping the cover photo failed', reason);
      setProblem(t('publish.cover.cropFailed'));
    } finally {
      setCropping(false);
    }
  };

  const clear = () => {
    setSource(null);
    setArea(null);
    setProblem(null);
    onChange({ file: null, uri: null });
  };

  const showPicture = !source && (file !== null || uri !== null);
  const message = problem ?? error;
  return (
    <Stack spacing={1} role="group" aria-labelledby={`${inputId}-label`}>
      <FormLabel id={`${inputId}-label`} required={required} error={Boolean(message)}>
        {label}
      </FormLabel>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={coverAccept}
        aria-label={label}
        tabIndex={-1}
        style={visuallyHidden as CSSProperties}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      {source && (
        <>
          <Box
            sx={{
              position: 'relative',
              height: 240,
              bgcolor: 'grey.900',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            <Cropper
              image={source}
              crop={position}
              zoom={zoom}
              rotation={rotation}
              minZoom={zoomRange.min}
              maxZoom={zoomRange.max}
              aspect={aspect}
              onCropChange={setPosition}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Slider
              aria-label={t('kit.cropper.zoom')}
              min={zoomRange.min}
              max={zoomRange.max}
              step={zoomRange.step}
              value={zoom}
              valueLabelDisplay="auto"
              onChange={(_, value) => setZoom(value as number)}
            />
            <Slider
              aria-label={t('kit.cropper.rotation')}
              min={rotationRange.min}
              max={rotationRange.max}
              step={rotationRange.step}
              value={rotation}
              valueLabelDisplay="auto"
              onChange={(_, value) => setRotation(value as number)}
            />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={!area || cropping} onClick={() => void cut()}>
              {t('publish.cover.apply')}
            </Button>
            <Button onClick={clear}>{t('kit.media.clear')}</Button>
          </Stack>
        </>
      )}
      {showPicture && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={(file ? preview : uri) ?? undefined}
            alt={t('publish.cover.preview')}
            sx={{ width: 320, maxWidth: '100%', aspectRatio: aspect, objectFit: 'cover', borderRadius: 1 }}
          />
          <Button onClick={clear}>{t('publish.cover.remove')}</Button>
        </Stack>
      )}
      {!source && !showPicture && (
        <Box>
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {t('publish.cover.choose')}
          </Button>
        </Box>
      )}
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}
