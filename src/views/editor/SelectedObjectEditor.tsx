import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { LengthUnits } from '../../lib/units';
import { command, type Send } from './editorSession';
import { ModelFields, PortalFields, InfoPointFields, VideoFields, WebViewFields } from './ObjectFields';
import { PictureFields } from './PictureFields';
import { findPlacedObject, type Update } from './placedObjects';
import { TextFields } from './TextFields';
import '../../i18n/devCatalogue';

/**
 * The fields of the selected object, read from the last exported document (the engine exports it
 * after each change). Edits send `Editor.Content.update` with the changed fields only.
 */
export function SelectedObjectEditor({
  id,
  document,
  units,
  send,
}: {
  id: string;
  document: SceneContent | null;
  units: LengthUnits;
  send: Send;
}) {
  const { t } = useTranslation();
  const found = findPlacedObject(document, id);
  if (!found) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('dev.editor.objects.loading')}
      </Typography>
    );
  }
  const update: Update = (patch) => {
    if (Object.keys(patch).length > 0) send(command('Editor.Content', 'update', { id, patch }));
  };
  const fields = (() => {
    switch (found.list) {
      case 'pictures':
        return <PictureFields picture={found.object} units={units} update={update} />;
      case 'texts3d':
        return <TextFields text={found.object} fonts={document?.fonts} units={units} update={update} />;
      case 'portals':
        return <PortalFields portal={found.object} update={update} />;
      case 'infoPoints':
        return <InfoPointFields infoPoint={found.object} update={update} />;
      case 'videos':
        return <VideoFields video={found.object} update={update} />;
      case 'models3d':
        return <ModelFields model={found.object} update={update} />;
      case 'webViews3d':
        return <WebViewFields webView={found.object} update={update} />;
      default:
        return (
          <Typography variant="body2" color="text.secondary">
            {t('dev.editor.objects.noFields')}
          </Typography>
        );
    }
  })();
  return (
    <Stack
      spacing={1}
      role="group"
      aria-label={t('dev.editor.objects.selected')}
      // Another object gets fresh fields.
      key={id}
      sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('dev.editor.objects.selected')}
      </Typography>
      {fields}
    </Stack>
  );
}
