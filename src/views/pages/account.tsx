import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type UserFull, userPatchFormEntries } from '../../../contracts/users';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useSession } from '../../app/AppContext';
import { ProfileView, useProfileActor } from './profile';
import { isKnownSection, profileCategories } from '../../routes';
import { SignedInOnly } from '../kit/SignedInOnly';
import { StandardPage } from '../kit/StandardPage';
import { NotificationSettingsSection } from '../social/NotificationSettingsSection';
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

/** /wallet: credits, plan, payment method and payment history (src/views/commerce). */
export { WalletPage } from '../commerce/WalletPage';

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
  const session = useSession();
  const me = useSelector(session, (s) => s.context.user?.userId);
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const [pathname] = useLocation();
  if (!isKnownSection(profileCategories, category, subcategory)) return <NotFoundPage />;
  // /user and /user/me are the signed-in user's own profile.
  if (userId === undefined || userId === 'me') {
    if (me) {
      const rest = [category, subcategory].filter(Boolean).join('/');
      return <Redirect to={`/user/${encodeURIComponent(me)}${rest ? `/${rest}` : ''}`} replace />;
    }
    return (
      <StandardPage page="user" lead={t('auth.signInRequired')} width="text">
        {signedOut && (
          <Button
            variant="contained"
            onClick={() => session.send({ type: 'session.signIn', returnTo: pathname })}
          >
            {t('auth.signIn')}
          </Button>
        )}
      </StandardPage>
    );
  }
  return <ProfileView key={userId} userId={userId} category={category} />;
}

/** Settings (platform.md §2.2): the Visibility tab. Search visibility is saved on the user. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <StandardPage page="settings" width="text">
      <Tabs value="visibility" aria-label={t('pages.settings.tabs')} sx={{ mb: 3 }}>
        <Tab value="visibility" label={t('settings.tabs.visibility')} />
      </Tabs>
      <SignedInOnly>
        {(userId) => (
          <>
            <VisibilitySettings key={userId} userId={userId} />
            <NotificationSettingsSection key={`notifications:${userId}`} />
          </>
        )}
      </SignedInOnly>
    </StandardPage>
  );
}

const switches = [
  {
    field: 'searchable',
    label: 'settings.visibility.searchable',
    hint: 'settings.visibility.searchableDescription',
  },
  {
    field: 'hideContentLibrary',
    label: 'settings.visibility.hideLibrary',
    hint: 'settings.visibility.hideLibraryDescription',
  },
  {
    field: 'hideGroups',
    label: 'settings.visibility.hideGroups',
    hint: 'settings.visibility.hideGroupsDescription',
  },
] as const;

/** The Visibility toggles of the signed-in user, saved through their profile machine. */
function VisibilitySettings({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const profile = useProfileActor(userId, { saved: 'toasts.settingsSaved', failed: 'errors.unexpected' });
  const user = useSelector(profile, (s) => (s?.context.user ?? null) as UserFull | null);
  const busy = useSelector(profile, (s) => !s?.matches('ready'));
  if (!user || !profile) return <CircularProgress aria-label={t('shell.loading')} />;
  const toggle = (field: (typeof switches)[number]['field'], value: boolean) => {
    const form = new FormData();
    for (const [k, v] of userPatchFormEntries({ [field]: value })) form.append(k, v);
    profile.send({ type: 'profile.save', form });
  };
  return (
    <Stack spacing={2}>
      {switches.map((s) => (
        <FormControlLabel
          key={s.field}
          control={
            <Switch
              checked={user[s.field]}
              disabled={busy}
              onChange={(e) => toggle(s.field, e.target.checked)}
            />
          }
          label={
            <Box>
              <Typography>{t(s.label)}</Typography>
              <Typography color="text.secondary" sx={{ fontSize: '0.875rem' }}>
                {t(s.hint)}
              </Typography>
            </Box>
          }
        />
      ))}
    </Stack>
  );
}
