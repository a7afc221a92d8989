import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton, Snackbar, Stack } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { type Toast, type ToastPlacement, type toastsMachine } from '../../machines/toastsMachine';

export interface ToastsProps {
  toastsRef: ActorRefFrom<typeof toastsMachine>;
}

const placements: readonly ToastPlacement[] = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];

function placementStyle(placement: ToastPlacement) {
  const [vertical, horizontal] = placement.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
  return {
    [vertical]: 24,
    ...(horizontal === 'center' ? { left: '50%', transform: 'translateX(-50%)' } : { [horizontal]: 24 }),
    // Newest toast nearest the edge it comes from.
    flexDirection: vertical === 'top' ? 'column' : 'column-reverse',
  } as const;
}

/**
 * Shows the toasts of the toasts actor, stacked by placement, newest nearest the screen edge. The
 * machine times each from when this shows it; the close button and the action dismiss one early.
 */
export function Toasts({ toastsRef }: ToastsProps) {
  const toasts = useSelector(toastsRef, (snapshot) => snapshot.context.toasts);
  const dismiss = (id: number) => toastsRef.send({ type: 'toast.dismiss', id });

  return (
    <>
      {placements.map((placement) => {
        const here = toasts.filter((toast) => toast.placement === placement);
        if (here.length === 0) return null;
        return (
          <Stack
            key={placement}
            spacing={1}
            data-placement={placement}
            sx={{
              position: 'fixed',
              zIndex: (theme) => theme.zIndex.snackbar,
              maxWidth: 'calc(100% - 48px)',
              pointerEvents: 'none',
              ...placementStyle(placement),
            }}
          >
            {here.map((toast) => (
              <ToastItem
                key={toast.id}
                toast={toast}
                toastsRef={toastsRef}
                onDismiss={() => dismiss(toast.id)}
              />
            ))}
          </Stack>
        );
      })}
    </>
  );
}

function ToastItem({
  toast,
  toastsRef,
  onDismiss,
}: {
  toast: Toast;
  toastsRef: ToastsProps['toastsRef'];
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  // On screen from now: the toast's time starts.
  useEffect(() => {
    toastsRef.send({ type: 'toast.shown', id: toast.id });
  }, [toastsRef, toast.id]);
  const text = toast.literal ? toast.message : t(toast.message, toast.params);
  const urgent = toast.severity === 'error' || toast.severity === 'warning';
  return (
    <Snackbar open sx={{ position: 'static', transform: 'none', pointerEvents: 'auto' }}>
      <Alert
        severity={toast.severity}
        variant="filled"
        role={urgent ? 'alert' : 'status'}
        sx={{ width: '100%', alignItems: 'center' }}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {toast.action && (
              <Button
                component={Link}
                href={toast.action.href}
                color="inherit"
                size="small"
                onClick={onDismiss}
              >
                {t(toast.action.labelKey)}
              </Button>
            )}
            <IconButton color="inherit" size="small" aria-label={t('toasts.close')} onClick={onDismiss}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        }
      >
        {text}
      </Alert>
    </Snackbar>
  );
}
