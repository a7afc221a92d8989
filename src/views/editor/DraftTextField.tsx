import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

export interface DraftTextFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'onBlur' | 'onFocus' | 'defaultValue'
> {
  /** The value the document has now. */
  value: string;
  /** Called with a valid text: as it is typed (`live`) or when the field is left or Enter pressed. */
  onCommit(text: string): void;
  /** What is wrong with a text; null when it can be committed. */
  validate?(text: string): string | null;
  /** Drops characters the field does not take, as they are typed. */
  sanitize?(text: string): string;
  /** What the field shows once left (a clamped number, the old value when emptied). */
  normalise?(text: string): string;
  live?: boolean;
}

/**
 * A text field over a value of the document: it keeps what the author types while they type,
 * and follows the document (an undo, another object) while they do not.
 */
export function DraftTextField({
  value,
  onCommit,
  validate,
  sanitize = (text) => text,
  normalise = (text) => text,
  live = false,
  helperText,
  multiline,
  onKeyDown,
  ...props
}: DraftTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const [focused, setFocused] = useState(false);
  /** The document's value last taken into the field, and the text last sent. */
  const [seenValue, setSeenValue] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (!focused && value !== seenValue) {
    setSeenValue(value);
    setDraft(value);
    setCommitted(value);
  }
  const error = validate?.(draft) ?? null;

  const commit = (text: string) => {
    if (validate?.(text)) return;
    if (text !== committed) {
      setCommitted(text);
      onCommit(text);
    }
  };

  return (
    <TextField
      {...props}
      multiline={multiline}
      value={draft}
      error={error !== null}
      helperText={error ?? helperText}
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        const text = sanitize(e.target.value);
        setDraft(text);
        if (live) commit(text);
      }}
      onBlur={() => {
        setFocused(false);
        const shown = normalise(draft);
        setDraft(shown);
        commit(shown);
      }}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.key !== 'Enter' || multiline) return;
        const shown = normalise(draft);
        setDraft(shown);
        commit(shown);
      }}
    />
  );
}
