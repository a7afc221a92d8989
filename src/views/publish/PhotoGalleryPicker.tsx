import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, FormHelperText, FormLabel, IconButton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type CSSProperties, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadRules } from '../../../contracts/files';
import { photoGalleryMax } from '../../../contracts/scenes';
import { formatFileSize } from '../../lib/format';
import { isAcceptableCover } from './CoverPhotoCropper';
import { useObjectUrls } from './useObjectUrls';

export interface PhotoGalleryValue {
  /** Stored pictures to keep. */
  uris: string[];
  /** New pictures to upload. */
  files: Blob[];
}

export interface PhotoGalleryPickerProps {
  label: string;
  value: PhotoGalleryValue;
  onChange(value: PhotoGalleryValue): void;
  max?: number;
  error?: string;
}

/**
 * The optional photo gallery (up to 10 pictures): the stored ones and new ones as removable
 * thumbnails, and a picker adding more. Pictures of a wrong type or size, and those beyond the
 * limit, are left out with a message.
 */
export function PhotoGalleryPicker({
  label,
  value,
  onChange,
  max = photoGalleryMax,
  error,
}: PhotoGalleryPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileUrls = useObjectUrls(value.files);
  const count = value.uris.length + value.files.length;

  const add = (picked: File[]) => {
    if (input.current) input.current.value = '';
    const acceptable = picked.filter(isAcceptableCover);
    const room = Math.max(0, max - count);
    const added = acceptable.slice(0, room);
    if (acceptable.length < picked.length)
      setProblem(
        t('validation.file.coverPhoto', {
          formats: uploadRules.picture.types.map((type) => type.toUpperCase()).join(', '),
          size: formatFileSize(uploadRules.picture.maxBytes),
        }),
      );
    else if (added.length < acceptable.length) setProblem(t('publish.gallery.tooMany', { count: max }));
    else setProblem(null);
    if (added.length) onChange({ uris: value.uris, files: [...value.files, ...added] });
  };

  const pictures = [
    ...value.uris.map((src, i) => ({
      src,
      remove: () => onChange({ ...value, uris: value.uris.filter((_, j) => j !== i) }),
    })),
    ...fileUrls.map((src, i) => ({
      src,
      remove: () => onChange({ ...value, files: value.files.filter((_, j) => j !== i) }),
    })),
  ];
  const message = problem ?? error;

  return (
    <Stack spacing={1} role="group" aria-labelledby={`${inputId}-label`}>
      <FormLabel id={`${inputId}-label`} error={Boolean(message)}>
        {label}
      </FormLabel>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-label={label}
        tabIndex={-1}
        style={visuallyHidden as CSSProperties}
        onChange={(e) => add(Array.from(e.target.files ?? []))}
      />
      {pictures.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {pictures.map((picture, i) => (
            <Box
              component="li"
              key={`${i}-${picture.src}`}
              sx={{ position: 'relative', width: 96, height: 64 }}
            >
              <Box
                component="img"
                src={picture.src || undefined}
                alt={t('publish.gallery.picture', { number: i + 1 })}
                sx={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  borderRadius: 1,
                  bgcolor: 'grey.200',
                }}
              />
              <IconButton
                size="small"
                aria-label={t('publish.gallery.remove', { number: i + 1 })}
                onClick={picture.remove}
                sx={{ position: 'absolute', top: 2, right: 2, p: 0.25, bgcolor: 'background.paper' }}
              >
                <CloseIcon sx={{ fontSize: 14 }} />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled={count >= max} onClick={() => input.current?.click()}>
          {t('publish.gallery.add')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('publish.gallery.count', { count, max })}
        </Typography>
      </Stack>
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
}
