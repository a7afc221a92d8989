import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Picture } from '../../../contracts/sceneContent';
import { formatLength, type LengthUnits, lengthInUnits, parseLength, unitSymbol } from '../../lib/units';
import { ColorInput } from '../kit/ColorInput';
import { DraftTextField } from './DraftTextField';
import type { Update } from './placedObjects';
import { SwitchField } from './SwitchField';
import '../../i18n/devCatalogue';

/** The frame a picture gets when the author turns it on. */
export const defaultFrame = { color: '#2b2b2b', width: 0.05 } as const;

/** A length of the document in the author's units, typed with or without a unit. */
export function LengthField({
  label,
  metres,
  units,
  onCommit,
}: {
  label: string;
  metres: number;
  units: LengthUnits;
  onCommit(metres: number): void;
}) {
  const { t } = useTranslation();
  const valid = (text: string) => {
    const value = parseLength(text, units);
    return value !== null && value > 0 && value <= 10_000;
  };
  return (
    <DraftTextField
      size="small"
      fullWidth
      label={t('dev.editor.fields.withUnit', { label, unit: unitSymbol(units) })}
      value={String(lengthInUnits(metres, units))}
      validate={(text) => (valid(text) ? null : t('dev.editor.fields.invalidLength'))}
      onCommit={(text) => onCommit(parseLength(text, units)!)}
    />
  );
}

/** Picture: title, description, alt text, artist and year (its wall label), size and frame. */
export function PictureFields({
  picture,
  units,
  update,
}: {
  picture: Picture;
  units: LengthUnits;
  update: Update;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <DraftTextField
        size="small"
        label={t('dev.editor.fields.title')}
        value={picture.title ?? ''}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        live
        onCommit={(title) => update({ title })}
      />
      <DraftTextField
        size="small"
        multiline
        minRows={2}
        label={t('dev.editor.fields.description')}
        value={picture.description ?? ''}
        live
        onCommit={(description) => update({ description })}
      />
      <DraftTextField
        size="small"
        multiline
        minRows={2}
        label={t('dev.editor.fields.altText')}
        helperText={t('dev.editor.fields.altTextHelp')}
        value={picture.altText ?? ''}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        live
        onCommit={(altText) => update({ altText: altText === '' ? null : altText })}
      />
      <Stack direction="row" spacing={1}>
        <DraftTextField
          size="small"
          label={t('dev.editor.fields.artist')}
          value={picture.artist ?? ''}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          live
          onCommit={(artist) => update({ artist: artist === '' ? null : artist })}
        />
        <DraftTextField
          size="small"
          label={t('dev.editor.fields.year')}
          value={picture.year ?? ''}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          live
          onCommit={(year) => update({ year: year === '' ? null : year })}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <LengthField
          label={t('dev.editor.fields.width')}
          metres={picture.width}
          units={units}
          onCommit={(width) => update({ width })}
        />
        <LengthField
          label={t('dev.editor.fields.height')}
          metres={picture.height}
          units={units}
          onCommit={(height) => update({ height })}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="picture-size">
        {t('dev.editor.fields.size', {
          width: formatLength(picture.width, units),
          height: formatLength(picture.height, units),
        })}
      </Typography>
      <SwitchField
        label={t('dev.editor.fields.frame')}
        checked={picture.frame !== undefined}
        onChange={(on) => update({ frame: on ? defaultFrame : null })}
      />
      {picture.frame && (
        <ColorInput
          label={t('dev.editor.fields.frameColour')}
          value={picture.frame.color}
          onChange={(color) => update({ frame: { ...picture.frame, color } })}
        />
      )}
    </Stack>
  );
}
