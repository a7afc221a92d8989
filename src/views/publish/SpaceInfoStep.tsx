import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { publishTagsMax, publishTagsMin } from '../../../contracts/publishing';
import { sceneTitleMaxLength } from '../../../contracts/scenes';
import type { SpaceInfo } from '../../machines/publishWizardMachine';
import { CoverPhotoCropper, type CoverPhotoCropperProps } from './CoverPhotoCropper';
import { KeywordInput } from './KeywordInput';
import { PhotoGalleryPicker } from './PhotoGalleryPicker';
import { messageText, type WizardActor } from './wizardText';

/**
 * Space info: title, description, tags, comments, adult content, cover photo and gallery. Every
 * change goes to the machine, which says what is wrong once Next was pressed (the tag count as soon
 * as the tags change); the tags' rule shows below them from the start.
 */
export function SpaceInfoStep({
  actor,
  crop,
}: {
  actor: WizardActor;
  crop?: CoverPhotoCropperProps['crop'];
}) {
  const { t } = useTranslation();
  const info = useSelector(actor, (s) => s.context.spaceInfo);
  const errors = useSelector(actor, (s) => s.context.spaceInfoErrors);
  const change = (fields: Partial<SpaceInfo>) => actor.send({ type: 'spaceInfo.changed', fields });
  const errorOf = (field: keyof NonNullable<typeof errors>) => {
    const message = errors?.[field];
    return message ? messageText(t, message) : undefined;
  };

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label={t('publish.fields.title')}
        required
        value={info.title}
        onChange={(e) => change({ title: e.target.value })}
        error={Boolean(errorOf('title'))}
        helperText={errorOf('title') ?? t('publish.fields.titleHelp', { count: sceneTitleMaxLength })}
      />
      <TextField
        label={t('publish.fields.description')}
        multiline
        minRows={2}
        maxRows={6}
        value={info.description}
        onChange={(e) => change({ description: e.target.value })}
        error={Boolean(errorOf('description'))}
        helperText={errorOf('description')}
      />
      <KeywordInput
        label={t('publish.fields.tags')}
        required
        value={info.tags}
        max={publishTagsMax}
        onChange={(tags) => change({ tags })}
        error={errorOf('tags')}
        helperText={t('publish.fields.tagsHelp', { min: publishTagsMin, max: publishTagsMax })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormControlLabel
          control={
            <Switch checked={info.comments} onChange={(e) => change({ comments: e.target.checked })} />
          }
          label={t('publish.fields.comments')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={info.adultContent}
              onChange={(e) => change({ adultContent: e.target.checked })}
            />
          }
          label={t('publish.fields.adultContent')}
        />
      </Stack>
      <CoverPhotoCropper
        label={t('publish.fields.coverPhoto')}
        required
        uri={info.coverPhotoUri}
        file={info.coverPhotoFile}
        onChange={({ file, uri }) => change({ coverPhotoFile: file, coverPhotoUri: uri })}
        error={errorOf('coverPhoto')}
        crop={crop}
      />
      <PhotoGalleryPicker
        label={t('publish.fields.photoGallery')}
        value={{ uris: info.photoGallery, files: info.photoGalleryFiles }}
        onChange={({ uris, files }) => change({ photoGallery: uris, photoGalleryFiles: files })}
        error={errorOf('photoGallery')}
      />
    </Stack>
  );
}
