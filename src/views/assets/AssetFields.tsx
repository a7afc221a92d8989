import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AssetType, collisionModes, licenses, textAlignments } from '../../../contracts/assets';
import type { AssetFormValues } from './assetForm';
import '../../i18n/assetUploadCatalogue';

const errorOf = (errors: Record<string, unknown>, name: string): string | undefined => {
  const error = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], errors);
  return (error as { message?: string } | undefined)?.message;
};

function Text({ name, ...props }: { name: string } & TextFieldProps) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<AssetFormValues>();
  const message = errorOf(errors, name);
  return (
    <TextField
      label={t(`assetUpload.fields.${name}`)}
      fullWidth
      {...register(name)}
      error={Boolean(message)}
      helperText={message ?? props.helperText}
      {...props}
    />
  );
}

function NumberField({ name, label }: { name: string; label?: string }) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<AssetFormValues>();
  const message = errorOf(errors, name);
  return (
    <TextField
      type="number"
      label={label ?? t(`assetUpload.fields.${name}`)}
      {...register(name, { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) })}
      error={Boolean(message)}
      helperText={message}
      slotProps={{ htmlInput: { step: 'any' } }}
    />
  );
}

function Check({ name }: { name: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<AssetFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={t(`assetUpload.fields.${name}`)}
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}

function Choice({ name, options }: { name: string; options: readonly { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<AssetFormValues>();
  const message = errorOf(errors, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t(`assetUpload.fields.${name}`)}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}
          onBlur={field.onBlur}
          error={Boolean(message)}
          helperText={message}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

function Tags() {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<AssetFormValues>();
  const message = errorOf(errors, 'tags');
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field }) => (
        <TextField
          fullWidth
          label={t('assetUpload.fields.tags')}
          defaultValue={((field.value as string[] | undefined) ?? []).join(', ')}
          onChange={(event) =>
            field.onChange(
              event.target.value
                .split(/[,;]/)
                .map((tag) => tag.trim())
                .filter(Boolean),
            )
          }
          onBlur={field.onBlur}
          error={Boolean(message)}
          helperText={message ?? t('assetUpload.fields.tagsHelp')}
        />
      )}
    />
  );
}

/** The text fields of 3D texts and hyper texts (districts-commerce-spaces.md §9). */
function TextAssetFields() {
  const { t } = useTranslation();
  return (
    <>
      <Text name="content" multiline minRows={2} />
      <Stack direction="row" spacing={2}>
        <NumberField name="fontSize" />
        <Text name="colorTint" sx={{ maxWidth: 160 }} />
        <Choice
          name="alignments"
          options={textAlignments.map((value) => ({ value, label: t(`assetUpload.alignments.${value}`) }))}
        />
      </Stack>
      <Check name="outline" />
    </>
  );
}

/**
 * The fields of an asset's form (platform.md §3 'Asset upload forms'; districts-commerce-spaces.md
 * §3 'Asset form fields'): the common ones, then those of its type. Their rules are the contract's.
 */
export function AssetFields({ type }: { type: AssetType }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Text name="title" required />
      <Text name="description" multiline minRows={2} />
      {type === 'text3d' && <TextAssetFields />}
      {type === 'hyperText' && (
        <>
          <TextAssetFields />
          <Text name="hyperText" placeholder="https://" />
        </>
      )}
      {type === 'webView3d' && (
        <>
          <Text name="link" placeholder="https://" />
          <Stack direction="row" spacing={2}>
            <NumberField name="width" />
            <NumberField name="height" />
          </Stack>
        </>
      )}
      <Tags />
      <Choice name="licenseId" options={licenses.map(({ id, name }) => ({ value: id, label: name }))} />
      <Stack direction="row" spacing={2}>
        <NumberField name="defaultSize.0" label={t('assetUpload.fields.sizeX')} />
        <NumberField name="defaultSize.1" label={t('assetUpload.fields.sizeY')} />
        <NumberField name="defaultSize.2" label={t('assetUpload.fields.sizeZ')} />
      </Stack>
      <Choice
        name="collisions"
        options={collisionModes.map((value) => ({ value, label: t(`assetUpload.collisionModes.${value}`) }))}
      />
      <FormGroup row>
        <Check name="interactive" />
        <Check name="dropShadow" />
        <Check name="transparent" />
        {(type === 'picture' || type === 'video') && <Check name="frames" />}
        {(type === 'video' || type === 'audio') && <Check name="autoplay" />}
        {type === 'video' && (
          <>
            <Check name="videoLoop" />
            <Check name="popUp" />
            <Check name="isPortrait" />
          </>
        )}
        {type === 'audio' && <Check name="loop" />}
      </FormGroup>
      <Text name="externalLink" placeholder="https://" />
    </Stack>
  );
}

export { Check, Choice, NumberField };
