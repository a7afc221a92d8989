import { FormControlLabel, Switch } from '@mui/material';

/** A labelled switch. */
export function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <FormControlLabel
      sx={{ ml: 0 }}
      control={<Switch size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}
