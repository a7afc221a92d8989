import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSession } from '../../app/AppContext';

/** Why a live panel needs a session, and 'Sign in', which comes back to this page. */
export function SignInPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [pathname] = useLocation();
  return (
    <Stack spacing={1.5} role="status" sx={{ alignItems: 'flex-start' }}>
      <Typography>{message}</Typography>
      <Button
        variant="contained"
        onClick={() => session.send({ type: 'session.signIn', returnTo: pathname })}
      >
        {t('auth.signIn')}
      </Button>
    </Stack>
  );
}
