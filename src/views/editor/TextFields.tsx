import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fontTransforms, HttpUrl, type Text3d, textAlignments } from '../../../contracts/sceneContent';
import { blockedNumberKeys, digitsOnly, integerTextOnBlur } from '../../lib/numberInput';
import { ColorInput } from '../kit/ColorInput';
import { DraftTextField } from './DraftTextField';
import { changedFields } from './placedObjects';
import type { Update } from './placedObjects';
import { SwitchField } from './SwitchField';

export const textSizeRange = { min: 1, max: 1000 } as const;
export const defaultOutline = { width: 3, color: '#ffffff' } as const;
export const defaultDropShadow = { color: '#00000080', distance: 4 } as const;

const styles = [
  { value: 'bold', labelKey: 'dev.editor.fields.bold', icon: <FormatBoldIcon fontSize="small" /> },
  { value: 'italic', labelKey: 'dev.editor.fields.italic', icon: <FormatItalicIcon fontSize="small" /> },
  {
    value: 'underline',
    labelKey: 'dev.editor.fields.underline',
    icon: <FormatUnderlinedIcon fontSize="small" />,
  },
] as const;
const alignmentLabelKeys = {
  left: 'dev.editor.fields.alignLeft',
  center: 'dev.editor.fields.alignCenter',
  right: 'dev.editor.fields.alignRight',
} as const;

/** A whole number typed with digits only, clamped to its range; emptied, it reverts when left. */
function IntegerField({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onCommit(value: number): void;
}) {
  return (
    <DraftTextField
      size="small"
      label={label}
      value={String(value)}
      sanitize={digitsOnly}
      normalise={(text) => integerTextOnBlur(text, min, max, value)}
      onKeyDown={(e) => (blockedNumberKeys as readonly string[]).includes(e.key) && e.preventDefault()}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      onCommit={(text) => onCommit(Number(text))}
    />
  );
}

/** 3D text and hypertext: text, size, style, colour, alignment, outline, shadow and link. */
export function TextFields({ text, update }: { text: Text3d; update: Update }) {
  const { t } = useTranslation();
  const on = styles.filter((s) => text[s.value]).map((s) => s.value);
  return (
    <Stack spacing={1}>
      <DraftTextField
        size="small"
        multiline
        label={t('dev.editor.fields.text')}
        value={text.text}
        live
        validate={(value) => (value.length === 0 ? t('dev.editor.fields.textEmpty') : null)}
        onCommit={(value) => update({ text: value })}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IntegerField
          label={t('dev.editor.fields.textSize')}
          value={text.size}
          {...textSizeRange}
          onCommit={(size) => update({ size })}
        />
        <ToggleButtonGroup
          size="small"
          aria-label={t('dev.editor.fields.textStyle')}
          value={on}
          onChange={(_, next: string[]) =>
            update(
              changedFields(text, Object.fromEntries(styles.map((s) => [s.value, next.includes(s.value)]))),
            )
          }
        >
          {styles.map((s) => (
            <ToggleButton key={s.value} value={s.value} aria-label={t(s.labelKey)}>
              {s.icon}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <TextField
        select
        size="small"
        label={t('dev.editor.fields.fontTransform')}
        value={text.fontTransform}
        onChange={(e) => update({ fontTransform: e.target.value })}
      >
        {fontTransforms.map((f) => (
          <MenuItem key={f} value={f}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      <ColorInput
        label={t('dev.editor.fields.colour')}
        value={text.color}
        onChange={(color) => update({ color })}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label={t('dev.editor.fields.alignment')}
        value={text.alignment}
        onChange={(_, alignment: string | null) => alignment && update({ alignment })}
      >
        {textAlignments.map((a) => (
          <ToggleButton key={a} value={a}>
            {t(alignmentLabelKeys[a])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SwitchField
        label={t('dev.editor.fields.outline')}
        checked={text.outline !== undefined}
        onChange={(checked) => update({ outline: checked ? defaultOutline : null })}
      />
      {text.outline && (
        <ColorInput
          label={t('dev.editor.fields.outlineColour')}
          value={text.outline.color}
          onChange={(color) => update({ outline: { ...text.outline, color } })}
        />
      )}
      <SwitchField
        label={t('dev.editor.fields.dropShadow')}
        checked={text.dropShadow !== undefined}
        onChange={(checked) => update({ dropShadow: checked ? defaultDropShadow : null })}
      />
      {text.dropShadow && (
        <ColorInput
          label={t('dev.editor.fields.shadowColour')}
          value={text.dropShadow.color}
          onChange={(color) => update({ dropShadow: { ...text.dropShadow, color } })}
        />
      )}
      <DraftTextField
        size="small"
        label={t('dev.editor.fields.link')}
        value={text.link ?? ''}
        validate={(value) =>
          value.trim() === '' || HttpUrl.safeParse(value).success
            ? null
            : t('validation.invalidUrl', { host: 'https://example.com' })
        }
        onCommit={(value) => update({ link: value.trim() || null })}
      />
    </Stack>
  );
}
