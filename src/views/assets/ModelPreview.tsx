import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EngineHandle, EngineHost } from '../../engine/host/EngineHost';
import type { EngineEvent } from '../../engine/protocol';
import type { AssetStats } from '../../engine/web/inspector/stats';
import { command } from '../editor/editorSession';
import { assetFailureText } from '../kit/assetFailureText';
import '../../i18n/assetUploadCatalogue';

/** What the preview shows: the files chosen (once the server has made its model of them), or a stored model. */
export type PreviewSource = { files: File[] } | { url: string };

export interface ModelPreviewProps {
  source: PreviewSource;
  showDimensions: boolean;
  /** Told once the model is shown: its size in metres and its counts (the inspector's report). */
  onStats(stats: AssetStats): void;
}

/** The preview's engine beside a page's own (which keeps systemId `engine`). */
export const modelPreviewSystemId = 'modelPreview';

type PreviewState = 'loading' | 'shown' | { failed: string };

/**
 * The Model 3D form's live preview (districts-commerce-spaces.md §2, §3): the engine in its
 * inspector mode, showing the model the server made of the upload (the optimised GLB visitors will
 * see; a stored asset's own when editing), its bounding box when 'show model dimensions' is on,
 * and its figures told to the form from the inspector's report. With a Unity build registered,
 * the Unity inspector shows it.
 */
export default function ModelPreview({ source, showDimensions, onStats }: ModelPreviewProps) {
  const { t } = useTranslation();
  const handle = useRef<EngineHandle>(null);
  const url = 'url' in source ? source.url : null;
  // Which model the state is of: another one is loading.
  const [shown, setShown] = useState<{ url: string; state: PreviewState } | null>(null);
  const state: PreviewState = shown && shown.url === url ? shown.state : 'loading';

  useEffect(() => {
    if (!url) return;
    handle.current?.send(
      command('Inspector', 'showAsset', { asset: { kind: 'model3d', uri: url, format: 'glb' } }),
    );
  }, [url]);
  useEffect(() => {
    if (url) handle.current?.send(command('Inspector', 'showDimensions', { visible: showDimensions }));
  }, [url, showDimensions]);

  if (!url)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('assetUpload.model.previewAfterProcessing')}
      </Typography>
    );

  const onEvent = (event: EngineEvent) => {
    if (event.type === 'inspectorReport') {
      onStats(event);
      setShown({ url, state: 'shown' });
    } else if (event.type === 'assetFailed') {
      setShown({ url, state: { failed: assetFailureText(t, event) } });
    }
  };

  return (
    <Box>
      <Box
        role="img"
        aria-label={t('assetUpload.model.preview')}
        data-testid="model-preview"
        sx={{
          position: 'relative',
          height: { xs: 240, sm: 340 },
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.100',
        }}
      >
        <EngineHost mode="inspector" systemId={modelPreviewSystemId} handleRef={handle} onEvent={onEvent} />
        {state === 'loading' && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label={t('assetUpload.model.previewLoading')} />
          </Box>
        )}
      </Box>
      {typeof state === 'object' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('assetUpload.model.previewFailed', { message: state.failed })}
        </Alert>
      )}
    </Box>
  );
}
