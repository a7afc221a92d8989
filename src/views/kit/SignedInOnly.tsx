import { Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSession } from '../../app/AppContext';

/**
 * A page's part for signed-in users: `children` with the user's id once their record has loaded,
 * a Sign in button (back to this page) for visitors, a spinner meanwhile.
 */
export function SignedInOnly({ children }: { children: (userId: string) => ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  // The user record exists once the session has loaded (or created) it.
  const userId = useSelector(session, (s) => s.context.profile?.userId);
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const [pathname] = useLocation();
  if (userId) return children(userId);
  if (signedOut)
    return (
      <Button
        variant="contained"
        onClick={() => session.send({ type: 'session.signIn', returnTo: pathname })}
      >
        {t('auth.signIn')}
      </Button>
    );
  return <CircularProgress aria-label={t('shell.loading')} />;
}
