import { Alert, Breadcrumbs, Button, Link as MuiLink, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useSession } from '../AppContext';
import { isKnownSection, type ProfileCategory, profileCategories } from '../../routes';
import { StandardPage } from '../kit/StandardPage';
import { NotFoundPage } from './NotFoundPage';

/** /login: starts sign-in at once (returning to `returnTo`), or shows why it could not. */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useSelector(session, (s) =>
    s.matches('signedIn') ? 'in' : s.matches('signedOut') ? 'out' : 'busy',
  );
  const error = useSelector(session, (s) => s.context.error);
  const requested = new URLSearchParams(search).get('returnTo');
  const returnTo = requested && requested.startsWith('/') && !requested.startsWith('//') ? requested : '/';
  const started = useRef(false);
  useEffect(() => {
    if (state === 'in') navigate(returnTo, { replace: true });
    else if (state === 'out' && !error && !started.current) {
      started.current = true;
      session.send({ type: 'session.signIn', returnTo });
    }
  }, [state, error, returnTo, navigate, session]);
  return (
    <StandardPage page="login" width="text">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('auth.signInFailed')}
        </Alert>
      )}
      <Button variant="contained" onClick={() => session.send({ type: 'session.signIn', returnTo })}>
        {t('auth.signIn')}
      </Button>
    </StandardPage>
  );
}

/** /authentication/callback: finishes sign-in and goes back to where the user was. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [, navigate] = useLocation();
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const failed = useSelector(session, (s) => s.matches('signedOut') && !!s.context.error);
  const returnTo = useSelector(session, (s) => s.context.returnTo);
  useEffect(() => {
    if (signedIn && returnTo) {
      session.send({ type: 'session.returned' });
      navigate(returnTo, { replace: true });
    } else if (signedIn) navigate('/', { replace: true });
  }, [signedIn, returnTo, navigate, session]);
  return (
    <StandardPage
      page="login"
      heading={failed ? t('auth.signInFailed') : t('auth.signingIn')}
      lead=""
      width="text"
    >
      {failed && (
        <Button variant="contained" component={Link} href="/login">
          {t('auth.signIn')}
        </Button>
      )}
    </StandardPage>
  );
}

export function WalletPage() {
  return <StandardPage page="wallet" notYet />;
}

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <StandardPage page="settings" notYet>
      <Tabs value="visibility" aria-label={t('pages.settings.tabs')}>
        <Tab value="visibility" label={t('pages.settings.visibility')} />
      </Tabs>
    </StandardPage>
  );
}

/** /user, /user/{userId}, /user/{userId}/{category}, /user/{userId}/{category}/{subcategory}. */
export function UserPage({
  userId,
  category,
  subcategory,
}: {
  userId?: string;
  category?: string;
  subcategory?: string;
}) {
  const { t } = useTranslation();
  if (!isKnownSection(profileCategories, category, subcategory)) return <NotFoundPage />;
  const base = `/user/${encodeURIComponent(userId ?? 'me')}`;
  return (
    <StandardPage page="user" notYet>
      {category && (
        <Breadcrumbs aria-label={t('pages.user.breadcrumbs')} sx={{ mb: 3 }}>
          <MuiLink component={Link} href={base} color="inherit">
            {t('pages.user.heading')}
          </MuiLink>
          <Typography color={subcategory ? 'inherit' : 'text.primary'}>
            {t(`pages.user.categories.${category}`)}
          </Typography>
          {subcategory && (
            <Typography color="text.primary">{t(`pages.user.subcategories.${subcategory}`)}</Typography>
          )}
        </Breadcrumbs>
      )}
      <Tabs value={category ?? false} aria-label={t('pages.user.sections')} variant="scrollable">
        {(Object.keys(profileCategories) as ProfileCategory[]).map((c) => (
          <Tab
            key={c}
            value={c}
            label={t(`pages.user.categories.${c}`)}
            component={Link}
            href={`${base}/${c}`}
          />
        ))}
      </Tabs>
    </StandardPage>
  );
}
