import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Checkbox, FormControlLabel, FormGroup, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedCode, embedUrl } from '../../../contracts/publishingRules';
import { useToasts } from '../../app/AppContext';
import { Modal } from './Modal';

/** How long the 'Copied to clipboard!' toast stays (platform.md §8). */
export const copyToastMs = 400;

/**
 * Copies text and shows 'Copied to clipboard!' for 400 ms. Answers whether it worked; when it did
 * not (no clipboard, permission refused) the caller leaves the text selected for a manual copy.
 */
export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const toasts = useToasts();
  return async (text) => {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(text);
      toasts.send({
        type: 'toast.show',
        severity: 'success',
        message: 'toasts.copied',
        durationMs: copyToastMs,
      });
      return true;
    } catch (error) {
      console.error('Could not copy to the clipboard', error);
      return false;
    }
  };
}

export interface EmbedDialogProps {
  open: boolean;
  onClose: () => void;
  /** The space's viewer link (`viewerUrl`): the embed link is made from it. */
  url: string;
  /** The space's title: the iframe's accessible title. */
  title: string;
}

/**
 * 'Embed this space' (platform.md §2.8, §5 'Embed code'): two checkboxes, 'Show sign-in' and
 * 'Show communications' (both off at first), and the iframe code for them, read-only, with
 * 'Copy code'.
 */
export function EmbedDialog({ open, onClose, url, title }: EmbedDialogProps) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const codeField = useRef<HTMLTextAreaElement>(null);
  const [flags, setFlags] = useState({ showSignIn: false, showCommunications: false });
  const code = embedCode(embedUrl(url, flags), title);

  const toggle = (flag: keyof typeof flags) => (_: unknown, checked: boolean) =>
    setFlags((current) => ({ ...current, [flag]: checked }));

  const copyCode = async () => {
    if (!(await copy(code))) codeField.current?.select();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('share.embedTitle')}
      actions={
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copyCode()}>
          {t('share.copyCode')}
        </Button>
      }
    >
      <FormGroup row sx={{ mb: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={flags.showSignIn} onChange={toggle('showSignIn')} />}
          label={t('share.showSignIn')}
        />
        <FormControlLabel
          control={<Checkbox checked={flags.showCommunications} onChange={toggle('showCommunications')} />}
          label={t('share.showCommunications')}
        />
      </FormGroup>
      <TextField
        fullWidth
        multiline
        minRows={3}
        label={t('share.embedCode')}
        value={code}
        inputRef={codeField}
        onFocus={(e) => e.target.select()}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
    </Modal>
  );
}
