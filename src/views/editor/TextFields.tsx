import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import { InputAdornment, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  builtInFontFamilies,
  builtInFontFamily,
  fontTransforms,
  HttpUrl,
  type FontRef,
  type Text3d,
  textAlignments,
  unsupportedTextCharacters,
} from '../../../contracts/sceneContent';
import './fontFaces';
import { blockedNumberKeys, digitsOnly, integerTextOnBlur } from '../../lib/numberInput';
import type { LengthUnits } from '../../lib/units';
import { ColorInput } from '../kit/ColorInput';
import { DraftTextField } from './DraftTextField';
import { LengthField } from './PictureFields';
import { changedFields } from './placedObjects';
import type { Update } from './placedObjects';
import { SwitchField } from './SwitchField';
import '../../i18n/devCatalogue';

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
  justify: 'dev.editor.fields.alignJustify',
} as const;
/** The text box a justified text gets when it has none (metres; the asset's default box width). */
export const defaultJustifiedWidth = 3;

/** A whole number typed with digits only, clamped to its range; emptied, it reverts when left. */
function IntegerField({
  label,
  unit,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  /** What the number counts, shown after it. */
  unit: string;
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
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
      }}
      onCommit={(text) => onCommit(Number(text))}
    />
  );
}

/** The family names the picker offers: the built-in ones, then the document's own. */
function fontChoices(fonts: readonly FontRef[], current: string): string[] {
  const names: string[] = [...builtInFontFamilies];
  const known = (name: string) => names.some((n) => n.toLowerCase() === name.toLowerCase());
  for (const font of fonts) if (!known(font.family)) names.push(font.family);
  if (!known(current)) names.push(current);
  return names;
}

/** 3D text and hypertext: text, font, size, style, colour, alignment, outline, shadow and link. */
export function TextFields({
  text,
  fonts = [],
  units = 'metres',
  update,
}: {
  text: Text3d;
  /** The document's own fonts (they win over the built-in families by name). */
  fonts?: readonly FontRef[];
  units?: LengthUnits;
  update: Update;
}) {
  const { t } = useTranslation();
  /** A font refused for this text (the fields stay mounted when another text is selected). */
  const [refusedFont, setRefusedFont] = useState<{ id: string; message: string } | null>(null);
  const fontError = refusedFont?.id === text.id ? refusedFont.message : null;
  const on = styles.filter((s) => text[s.value]).map((s) => s.value);
  const ownFamilies = fonts.map((f) => f.family);
  /** platform.md §5 and §8: a text with characters its font cannot draw is refused, naming them. */
  const unsupported = (value: string, font: string) => {
    const found = unsupportedTextCharacters(value, font, ownFamilies);
    return found.length > 0
      ? t('validation.unsupportedCharactersList', { characters: found.join(' ') })
      : null;
  };
  return (
    <Stack spacing={1}>
      <DraftTextField
        size="small"
        multiline
        label={t('dev.editor.fields.text')}
        value={text.text}
        live
        validate={(value) =>
          value.length === 0 ? t('dev.editor.fields.textEmpty') : unsupported(value, text.font)
        }
        onCommit={(value) => update({ text: value })}
      />
      <TextField
        select
        size="small"
        label={t('dev.editor.fields.font')}
        value={text.font}
        error={fontError !== null}
        helperText={fontError}
        onChange={(e) => {
          const error = unsupported(text.text, e.target.value);
          setRefusedFont(error ? { id: text.id, message: error } : null);
          if (!error) update({ font: e.target.value });
        }}
      >
        {fontChoices(fonts, text.font).map((family) => (
          <MenuItem
            key={family}
            value={family}
            sx={builtInFontFamily(family) ? { fontFamily: `'${family}'` } : undefined}
          >
            {family}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IntegerField
          label={t('dev.editor.fields.textSize')}
          unit={t('dev.editor.fields.points')}
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
        onChange={(_, alignment: Text3d['alignment'] | null) => {
          if (!alignment) return;
          // Justified lines fill the text box: a text without one gets the default box.
          const box = alignment === 'justify' && text.maxWidth === undefined;
          update(box ? { alignment, maxWidth: defaultJustifiedWidth } : { alignment });
        }}
      >
        {textAlignments.map((a) => (
          <ToggleButton key={a} value={a}>
            {t(alignmentLabelKeys[a])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SwitchField
        label={t('dev.editor.fields.textBox')}
        checked={text.maxWidth !== undefined}
        onChange={(checked) => update({ maxWidth: checked ? defaultJustifiedWidth : null })}
      />
      {text.maxWidth !== undefined && (
        <LengthField
          label={t('dev.editor.fields.textBoxWidth')}
          metres={text.maxWidth}
          units={units}
          onCommit={(maxWidth) => update({ maxWidth })}
        />
      )}
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
