import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  defaultMinDurationSeconds,
  isDurationTooShort,
  normaliseDurationText,
  parseDuration,
  sanitizeDurationText,
} from '../../lib/duration';

export interface DurationFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'type' | 'onBlur'
> {
  /** What the field shows: seconds ('5') or minutes and seconds ('1:30'). */
  value: string;
  onChange(text: string): void;
  /** Called when the field is left, with the text it then shows. */
  onBlur?(text: string): void;
  /** Shortest duration in seconds (default 3, platform.md §9). */
  min?: number;
  /** Shows 'Required' when left empty. */
  required?: boolean;
}

/** The problem of a duration text, as a message; null when it is fine. */
export function useDurationError(text: string, min = defaultMinDurationSeconds, required = true) {
  const { t } = useTranslation();
  const seconds = parseDuration(text);
  if (seconds === null) return required ? t('validation.requiredShort') : null;
  return isDurationTooShort(seconds, min) ? t('validation.durationMin', { min }) : null;
}

/**
 * A duration in seconds or m:ss (platform.md §5): digits and one colon only, each part at most 59,
 * longer than 3599 seconds shows 59:59. Shorter than `min` shows 'Duration > {min}'.
 */
export function DurationField({
  value,
  onChange,
  onBlur,
  min = defaultMinDurationSeconds,
  required = true,
  helperText,
  ...props
}: DurationFieldProps) {
  const error = useDurationError(value, min, required);
  return (
    <TextField
      {...props}
      value={value}
      error={error !== null}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
      onChange={(e) => onChange(sanitizeDurationText(e.target.value))}
      onBlur={() => {
        const shown = normaliseDurationText(value);
        if (shown !== value) onChange(shown);
        onBlur?.(shown);
      }}
    />
  );
}
