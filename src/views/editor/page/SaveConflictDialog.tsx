import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../kit/Modal';

/**
 * Another window (or person) saved this space since this editor loaded it: nothing more is stored
 * until the user chooses. Reload opens the stored version (this window's unsaved changes are lost);
 * Keep mine stores this window's space over it.
 */
export function SaveConflictDialog({
  open,
  onReload,
  onKeepMine,
}: {
  open: boolean;
  onReload(): void;
  onKeepMine(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={() => undefined}
      closeOnOutsideClick={false}
      hideCloseButton
      title={t('editor.conflict.title')}
      actions={
        <>
          <Button onClick={onReload}>{t('editor.conflict.reload')}</Button>
          <Button variant="contained" onClick={onKeepMine}>
            {t('editor.conflict.keepMine')}
          </Button>
        </>
      }
    >
      <Typography>{t('editor.conflict.message')}</Typography>
    </Modal>
  );
}
