import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../contracts/assets';
import { type FileKind, uploadRules } from '../../../contracts/files';
import { acceptAttribute, acceptedTypes } from '../../lib/assetFiles';
import '../../i18n/assetUploadCatalogue';

export interface FileDropZoneProps {
  kind: FileKind;
  /** Names of the files chosen (shown in the zone). */
  chosen: readonly string[];
  /** Why the files were refused, in words. */
  error?: string | null;
  disabled?: boolean;
  onFiles(files: File[]): void;
  /** Offered when a file is chosen. */
  onClear?: () => void;
  /** Shown under the zone: progress, the upload's outcome. */
  children?: ReactNode;
}

/**
 * A drop zone for one kind of file (platform.md §5 'File drop'): click to choose or drop files on
 * it. Every file dropped is handed on, however many: the upload flow refuses what does not fit with
 * the spec's messages. A model's zone takes several files (the model and its parts).
 */
export function FileDropZone({
  kind,
  chosen,
  error,
  disabled,
  onFiles,
  onClear,
  children,
}: FileDropZoneProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [over, setOver] = useState(false);
  const types = acceptedTypes(kind);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <Stack spacing={1}>
      <Box
        component="label"
        htmlFor={inputId}
        data-testid="file-drop-zone"
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          p: 3,
          textAlign: 'center',
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <CloudUploadIcon color="action" aria-hidden />
        <Typography>{t(`assetUpload.dropZone.${kind}`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('assetUpload.limits', {
            types: types.join(', '),
            size: formatBytes(uploadRules[kind].maxBytes),
          })}
        </Typography>
        {chosen.length > 0 && (
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {chosen.join(', ')}
          </Typography>
        )}
        <input
          id={inputId}
          type="file"
          hidden
          multiple
          disabled={disabled}
          accept={acceptAttribute(kind)}
          aria-label={t(`assetUpload.dropLabel.${kind}`)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </Box>
      {error && (
        <Typography id={errorId} role="alert" color="error" variant="body2">
          {error}
        </Typography>
      )}
      {chosen.length > 0 && onClear && (
        <Box>
          <Button size="small" onClick={onClear} disabled={disabled}>
            {t('assetUpload.clear')}
          </Button>
        </Box>
      )}
      {children}
    </Stack>
  );
}
