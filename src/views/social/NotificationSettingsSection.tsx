import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { notificationKinds } from '../../../contracts/notifications';
import { useFlow } from '../../app/AppContext';

/** Settings › Notifications: one switch per kind; a kind turned off is neither kept nor shown. */
export function NotificationSettingsSection() {
  const { t } = useTranslation();
  const actor = useFlow('notificationSettings', undefined);
  const settings = useSelector(actor, (s) => s?.context.settings ?? null);
  const busy = useSelector(actor, (s) => !s || s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s?.matches('failed') ?? false);
  return (
    <Box component="section" aria-labelledby="notification-settings-title" sx={{ mt: 5 }}>
      <Typography id="notification-settings-title" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('notifications.settings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notifications.settings.description')}
      </Typography>
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button onClick={() => actor?.send({ type: 'settings.retry' })}>
              {t('common.actions.retry')}
            </Button>
          }
        >
          {t('notifications.settings.loadFailed')}
        </Alert>
      ) : !settings ? (
        <CircularProgress aria-label={t('shell.loading')} />
      ) : (
        <Stack spacing={1}>
          {notificationKinds.map((kind) => (
            <FormControlLabel
              key={kind}
              control={
                <Switch
                  checked={settings[kind]}
                  disabled={busy}
                  onChange={(e) => actor?.send({ type: 'settings.set', kind, on: e.target.checked })}
                />
              }
              label={t(`notifications.settings.kinds.${kind}`)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
