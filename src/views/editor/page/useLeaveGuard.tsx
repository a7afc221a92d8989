import { Button, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../kit/Modal';

/**
 * Keeps unsaved work from being lost by leaving: closing or reloading the tab asks the browser's
 * own question, and following a link inside the app asks ours (Leave / Stay).
 * `leave(path)` is how the page itself navigates away (Home, Preview) through the same question.
 */
export function useLeaveGuard(dirty: boolean, navigate: (path: string) => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  const leave = useCallback(
    (path: string) => {
      if (dirtyRef.current) setPending(path);
      else navigate(path);
    },
    [navigate],
  );

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t('editor.leave.title')}
      actions={
        <>
          <Button onClick={() => setPending(null)}>{t('editor.leave.stay')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const to = pending;
              setPending(null);
              dirtyRef.current = false;
              if (to) navigate(to);
            }}
          >
            {t('editor.leave.leave')}
          </Button>
        </>
      }
    >
      <Typography>{t('editor.leave.message')}</Typography>
    </Modal>
  );

  return { leave, dialog };
}
