import CloseIcon from '@mui/icons-material/Close';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type DialogProps,
  IconButton,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Why a modal asks to close: a click outside it, the Escape key, or its close button. */
export type ModalCloseReason = 'backdropClick' | 'escapeKeyDown' | 'closeButton';

export interface ModalProps {
  open: boolean;
  /** Called when the user asks to close; the parent decides by setting `open`. */
  onClose: (reason: ModalCloseReason) => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom (DialogActions). */
  actions?: ReactNode;
  /** A click outside the modal closes it (default true, platform.md §4). */
  closeOnOutsideClick?: boolean;
  /** The Escape key closes the modal (default false, platform.md §4). */
  closeOnEscape?: boolean;
  /** Hide the close button in the corner (for flows that must be finished or cancelled). */
  hideCloseButton?: boolean;
  /** Width limit; 'sm' by default. */
  maxWidth?: DialogProps['maxWidth'];
  /** Stretch to `maxWidth` (default true). */
  fullWidth?: boolean;
}

/** The product's dialog: a titled MUI Dialog with a close button, content and optional actions. */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  closeOnOutsideClick = true,
  closeOnEscape = false,
  hideCloseButton = false,
  maxWidth = 'sm',
  fullWidth = true,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();

  const handleDialogClose = (_event: object, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'backdropClick' && !closeOnOutsideClick) return;
    if (reason === 'escapeKeyDown' && !closeOnEscape) return;
    onClose(reason);
  };

  return (
    <Dialog
      open={open}
      onClose={handleDialogClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
    >
      <DialogTitle id={titleId} sx={hideCloseButton ? undefined : { pr: 7 }}>
        {title}
      </DialogTitle>
      {!hideCloseButton && (
        <IconButton
          aria-label={t('modal.close')}
          onClick={() => onClose('closeButton')}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
