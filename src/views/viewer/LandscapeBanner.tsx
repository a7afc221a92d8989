import { Alert, Button } from '@mui/material';
import ScreenRotationIcon from '@mui/icons-material/ScreenRotation';
import { useTranslation } from 'react-i18next';

/**
 * The landscape suggestion (platform.md §2.7) as a banner over the space, not a modal: the space
 * stays visible and takes input while it shows; Continue dismisses it for the rest of the visit.
 */
export function LandscapeBanner({ open, onDismiss }: { open: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      icon={<ScreenRotationIcon />}
      role="status"
      data-testid="viewer-landscape-banner"
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          {t('viewer.landscape.continue')}
        </Button>
      }
      sx={{
        position: 'absolute',
        top: 72,
        left: 12,
        right: 12,
        zIndex: 2,
        // Only the banner itself takes input; the space around it stays usable.
        pointerEvents: 'auto',
        bgcolor: 'info.dark',
      }}
    >
      {t('viewer.landscape.message')}
    </Alert>
  );
}
