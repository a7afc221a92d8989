import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MediaHolderProps {
  kind: 'picture' | 'video';
  /** The address shown; the placeholder when none. */
  src: string | null;
  /** Text alternative of a picture. */
  alt?: string;
  height?: number;
}

/**
 * An image or video holder (platform.md §4): a placeholder when there is no source ('No content'),
 * an error placeholder when it cannot be shown ('Invalid url').
 */
export function MediaHolder({ kind, src, alt = '', height = 180 }: MediaHolderProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  const frame = {
    height,
    width: '100%',
    borderRadius: 1,
    bgcolor: 'grey.100',
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
  } as const;
  if (!src || failed)
    return (
      <Box sx={frame}>
        <Typography color="text.secondary">{t(failed ? 'kit.invalidUrl' : 'kit.noContent')}</Typography>
      </Box>
    );
  return (
    <Box sx={frame}>
      {kind === 'picture' ? (
        <Box
          component="img"
          src={src}
          alt={alt}
          onError={() => setFailedSrc(src)}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Box
          component="video"
          src={src}
          controls
          muted
          onError={() => setFailedSrc(src)}
          sx={{ maxWidth: '100%', maxHeight: '100%' }}
        />
      )}
    </Box>
  );
}
