import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  collisionModes,
  HttpUrl,
  type InfoPoint,
  type Model3d,
  type Portal,
  type Video,
  type WebView3d,
} from '../../../contracts/sceneContent';
import { DraftTextField } from './DraftTextField';
import { PortalTargetPicker } from './PortalTargetPicker';
import type { Update } from './placedObjects';
import { SwitchField } from './SwitchField';
import '../../i18n/devCatalogue';

function useUrlError() {
  const { t } = useTranslation();
  return (value: string, optional: boolean) =>
    (optional && value.trim() === '') || HttpUrl.safeParse(value).success
      ? null
      : t('validation.invalidUrl', { host: 'https://example.com' });
}

/** Portal: the space it leads to and its label. */
export function PortalFields({ portal, update }: { portal: Portal; update: Update }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <PortalTargetPicker
        label={t('dev.editor.fields.targetSceneId')}
        value={portal.targetSceneId}
        // A portal without a label of its own is named after the space it leads to.
        onChange={(targetSceneId, title) =>
          update({ targetSceneId, ...(portal.label ? {} : { label: title.slice(0, 200) }) })
        }
      />
      <DraftTextField
        size="small"
        label={t('dev.editor.fields.label')}
        value={portal.label ?? ''}
        live
        slotProps={{ htmlInput: { maxLength: 200 } }}
        onCommit={(label) => update({ label })}
      />
    </Stack>
  );
}

/** Info point: title and text. */
export function InfoPointFields({ infoPoint, update }: { infoPoint: InfoPoint; update: Update }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <DraftTextField
        size="small"
        label={t('dev.editor.fields.title')}
        value={infoPoint.title}
        live
        slotProps={{ htmlInput: { maxLength: 200 } }}
        onCommit={(title) => update({ title })}
      />
      <DraftTextField
        size="small"
        multiline
        minRows={2}
        label={t('dev.editor.fields.text')}
        value={infoPoint.text}
        live
        onCommit={(text) => update({ text })}
      />
    </Stack>
  );
}

/** Video: whether it starts by itself and loops. */
export function VideoFields({ video, update }: { video: Video; update: Update }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SwitchField
        label={t('dev.editor.fields.autoplay')}
        checked={video.autoplay}
        onChange={(autoplay) => update({ autoplay })}
      />
      <SwitchField
        label={t('dev.editor.fields.loop')}
        checked={video.loop}
        onChange={(loop) => update({ loop })}
      />
    </Stack>
  );
}

const collisionLabelKeys = {
  none: 'dev.editor.fields.collisionNone',
  simple: 'dev.editor.fields.collisionSimple',
  precise: 'dev.editor.fields.collisionPrecise',
} as const;

/** 3D model: animation, collision, and a link opened when it is clicked. */
export function ModelFields({ model, update }: { model: Model3d; update: Update }) {
  const { t } = useTranslation();
  const urlError = useUrlError();
  return (
    <Stack spacing={1}>
      <Stack>
        <SwitchField
          label={t('dev.editor.fields.animated')}
          checked={model.animated}
          onChange={(animated) => update({ animated })}
        />
        <SwitchField
          label={t('dev.editor.fields.autoplay')}
          checked={model.autoplay}
          onChange={(autoplay) => update({ autoplay })}
        />
        <SwitchField
          label={t('dev.editor.fields.loop')}
          checked={model.loop}
          onChange={(loop) => update({ loop })}
        />
        <SwitchField
          label={t('dev.editor.fields.clickable')}
          checked={model.clickable}
          onChange={(clickable) => update({ clickable })}
        />
      </Stack>
      <TextField
        select
        size="small"
        label={t('dev.editor.fields.collision')}
        value={model.collision}
        onChange={(e) => update({ collision: e.target.value })}
      >
        {collisionModes.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(collisionLabelKeys[mode])}
          </MenuItem>
        ))}
      </TextField>
      <DraftTextField
        size="small"
        label={t('dev.editor.fields.externalLink')}
        value={model.externalLink ?? ''}
        validate={(value) => urlError(value, true)}
        onCommit={(value) => update({ externalLink: value.trim() || null })}
      />
      {!model.transform.scale.every((s) => s === 1) && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => update({ transform: { ...model.transform, scale: [1, 1, 1] } })}
        >
          {t('dev.editor.fields.originalScale', {
            scale: Number((model.transform.scale[0] * 100).toPrecision(3)),
          })}
        </Button>
      )}
    </Stack>
  );
}

/** Web view: the page it shows. */
export function WebViewFields({ webView, update }: { webView: WebView3d; update: Update }) {
  const { t } = useTranslation();
  const urlError = useUrlError();
  return (
    <DraftTextField
      size="small"
      label={t('dev.editor.fields.url')}
      value={webView.url}
      validate={(value) => urlError(value, false)}
      onCommit={(url) => update({ url: url.trim() })}
    />
  );
}
