import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, IconButton, TextField } from '@mui/material';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keywordMinLength } from '../../../contracts/publishing';

/** Typing one of these after a keyword adds it (platform.md §5 'Keyword input'). */
const separators = /[,;]/;

export interface KeywordInputProps {
  label: string;
  value: string[];
  onChange(keywords: string[]): void;
  /** The most keywords the list may hold (default 10): adding more says so. */
  max?: number;
  /** A keyword is added only with at least this many characters (default 2). */
  minLength?: number;
  /** A problem of the whole list from the form (e.g. too few keywords). */
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A list of keywords typed into one field: a keyword is added when a comma or a semicolon is typed
 * after at least two characters (or Enter is pressed, or the field is left); the separator is
 * dropped and the field cleared. Each keyword is a removable chip. A keyword already in the list
 * (in any case) is refused with 'Tag already exists'; one beyond `max` with the list's limit.
 */
export function KeywordInput({
  label,
  value,
  onChange,
  max = 10,
  minLength = keywordMinLength,
  error,
  helperText,
  required,
  disabled,
}: KeywordInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const listId = useId();

  /** Adds what can be added of `candidates`; returns why the first refused one was refused. */
  const add = (candidates: string[]): string | null => {
    const next = [...value];
    let why: string | null = null;
    for (const raw of candidates) {
      const keyword = raw.trim();
      if (keyword.length < minLength) continue;
      if (next.some((k) => k.toLowerCase() === keyword.toLowerCase())) why ??= t('validation.tagExists');
      else if (next.length >= max) why ??= t('validation.maxTags', { count: max });
      else next.push(keyword);
    }
    if (next.length !== value.length) onChange(next);
    return why;
  };

  const change = (typed: string) => {
    const parts = typed.split(separators);
    if (parts.length === 1) {
      setText(typed);
      setRefusal(null);
      return;
    }
    // Every part followed by a separator is complete; the last one is still being typed.
    const rest = parts.pop() ?? '';
    const complete = parts.filter((p) => p.trim().length > 0);
    const tooShort = complete.length > 0 && complete.every((p) => p.trim().length < minLength);
    const why = add(complete);
    setRefusal(why);
    // A refused or too-short keyword stays in the field (without its separator) to be corrected.
    setText(why || tooShort ? `${complete.join(' ').trim()}${rest}` : rest);
  };

  const commit = () => {
    if (text.trim().length < minLength) return;
    const why = add([text]);
    setRefusal(why);
    if (!why) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the keyword; it never submits the surrounding form.
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const remove = (keyword: string) => {
    onChange(value.filter((k) => k !== keyword));
    setRefusal(null);
  };

  const message = refusal ?? error;
  return (
    <Box>
      <TextField
        id={fieldId}
        fullWidth
        label={label}
        value={text}
        required={required}
        disabled={disabled}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        placeholder={t('kit.keywords.placeholder')}
        error={Boolean(message)}
        helperText={message ?? helperText}
        // The field is described by its message (the rule, or what is wrong) and by the keywords so far.
        slotProps={{
          htmlInput: {
            'aria-describedby':
              [(message ?? helperText) ? `${fieldId}-helper-text` : '', value.length ? listId : '']
                .filter(Boolean)
                .join(' ') || undefined,
          },
        }}
      />
      {value.length > 0 && (
        <Box
          component="ul"
          id={listId}
          aria-label={label}
          sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 1 }}
        >
          {value.map((keyword) => (
            <li key={keyword}>
              <Chip
                size="small"
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    {keyword}
                    <IconButton
                      size="small"
                      aria-label={t('kit.keywords.remove', { keyword })}
                      disabled={disabled}
                      onClick={() => remove(keyword)}
                      sx={{ p: 0.25, mr: -0.75 }}
                    >
                      <CloseIcon sx={{ fontSize: 14 }} />
                    </IconButton>
                  </Box>
                }
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
