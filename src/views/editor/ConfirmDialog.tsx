import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Modal } from '../kit/Modal';

/** Asks before something that throws work away; `open` is the parent's. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onCancel}>{cancelLabel ?? t('common.actions.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={onConfirm}>
            {confirmLabel ?? t('common.actions.continue')}
          </Button>
        </>
      }
    >
      <Typography>{message}</Typography>
    </Modal>
  );
}
