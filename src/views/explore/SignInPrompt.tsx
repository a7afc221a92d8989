import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useSession } from '../../app/AppContext';

/** In place of a list only a signed-in visitor has: why, and a Sign in button that comes back here. */
export function SignInPrompt({ message }: { message: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
      <Typography variant="h3" component="p">
        {message}
      </Typography>
      <Button
        variant="contained"
        onClick={() =>
          session.send({ type: 'session.signIn', returnTo: search ? `${pathname}?${search}` : pathname })
        }
      >
        {t('auth.signIn')}
      </Button>
    </Stack>
  );
}
