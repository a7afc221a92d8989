import { Box, InputAdornment, MenuItem, Select, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allowedCharacters,
  type ColorFormat,
  colorExamples,
  detectColorFormat,
  filterColorText,
  formatColor,
  opaquePart,
  parseColor,
} from '../../lib/color';

export interface ColorInputProps {
  label: string;
  /** The colour as the document stores it (`#rrggbb` or `#rrggbbaa`). */
  value: string;
  /** Called with each valid colour typed, as `#rrggbb` (or `#rrggbbaa` when not opaque). */
  onChange(color: string): void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
}

const formatLabelKeys = {
  hex: 'kit.colorInput.hexa',
  rgb: 'kit.colorInput.rgba',
  hsl: 'kit.colorInput.hsla',
} as const;

/**
 * A colour field (platform.md §5): the colour typed as hex, rgb(a) or hsl(a) — the format chosen
 * beside it limits the characters accepted — with a swatch that also opens the browser's picker.
 * Invalid input shows in the error colour with what is wrong; only valid colours reach `onChange`.
 */
export function ColorInput({ label, value, onChange, size = 'small', fullWidth, disabled }: ColorInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [format, setFormat] = useState<ColorFormat>(() => detectColorFormat(value));
  const [text, setText] = useState(() => formatColor(value, format));
  const [seenValue, setSeenValue] = useState(value);
  const [focused, setFocused] = useState(false);
  const parsed = parseColor(text, format);

  // A new colour from outside (an undo, another object) replaces the text while the author is not
  // typing, unless the text already stands for it.
  if (value !== seenValue && !focused) {
    setSeenValue(value);
    if (!parsed.ok || parsed.color !== opaqueOrFull(value)) setText(formatColor(value, format));
  }

  const type = (next: string) => {
    const filtered = filterColorText(next, format);
    setText(filtered);
    const result = parseColor(filtered, format);
    if (result.ok) onChange(result.color);
  };
  const changeFormat = (next: ColorFormat) => {
    setFormat(next);
    setText(formatColor(parsed.ok ? parsed.color : value, next));
  };

  return (
    <TextField
      label={label}
      size={size}
      fullWidth={fullWidth}
      disabled={disabled}
      value={text}
      error={!parsed.ok}
      helperText={parsed.ok ? undefined : t(parsed.errorKey, parsed.values)}
      placeholder={colorExamples[format]}
      onChange={(e) => type(e.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        // Left invalid: show the colour in force again.
        if (!parsed.ok) setText(formatColor(value, format));
      }}
      slotProps={{
        htmlInput: { spellCheck: false, 'data-allowed-characters': allowedCharacters(format) },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Select
                variant="standard"
                disableUnderline
                value={format}
                disabled={disabled}
                onChange={(e) => changeFormat(e.target.value as ColorFormat)}
                inputProps={{ 'aria-label': t('kit.colorInput.formatOf', { label }) }}
                sx={{ fontSize: 12 }}
              >
                {(Object.keys(formatLabelKeys) as ColorFormat[]).map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(formatLabelKeys[f])}
                  </MenuItem>
                ))}
              </Select>
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <Box
                component="label"
                htmlFor={`${id}-picker`}
                data-testid="color-swatch"
                sx={{
                  width: 22,
                  height: 22,
                  borderRadius: 0.5,
                  border: 1,
                  borderColor: 'divider',
                  cursor: disabled ? 'default' : 'pointer',
                  background: parsed.ok
                    ? parsed.color
                    : 'repeating-linear-gradient(45deg, #ccc 0 4px, #fff 4px 8px)',
                }}
              >
                <input
                  id={`${id}-picker`}
                  type="color"
                  disabled={disabled}
                  aria-label={t('kit.colorInput.picker')}
                  title={t('kit.colorInput.picker')}
                  value={opaquePart(parsed.ok ? parsed.color : value)}
                  onChange={(e) => {
                    const alpha = parsed.ok && parsed.color.length === 9 ? parsed.color.slice(7) : '';
                    const color = `${e.target.value.toLowerCase()}${alpha}`;
                    setText(formatColor(color, format));
                    onChange(color);
                  }}
                  style={{ opacity: 0, width: 0, height: 0, border: 0, padding: 0 }}
                />
              </Box>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A document colour as `parseColor` writes it (so '#FFF' and '#ffffff' compare equal). */
function opaqueOrFull(color: string): string {
  const parsed = parseColor(color, 'hex');
  return parsed.ok ? parsed.color : color;
}
