import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { District } from '../../../contracts/districts';
import { useSession } from '../../app/AppContext';
import { mainSiteOrigin } from '../../lib/host';
import { MessagePage } from '../kit/MessagePage';
import { useDistrictHost } from './DistrictHost';
import '../../i18n/districtsCatalogue';

/**
 * What a district host shows before its page: the district loading, 'This district does not
 * exist' (with a link to the main site), 'You don't have access to this District' (with sign-in,
 * or accepting an invitation), or the page with the district once it is there.
 */
export function DistrictGate({ children }: { children: (district: District) => ReactNode }) {
  const { t } = useTranslation();
  const host = useDistrictHost();
  const session = useSession();
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const state = useSelector(host, (s) =>
    !s
      ? 'loading'
      : s.hasTag('loading')
        ? 'loading'
        : s.matches('notFound')
          ? 'notFound'
          : s.matches('noAccess')
            ? 'noAccess'
            : s.matches('failed')
              ? 'failed'
              : 'ready',
  );
  const district = useSelector(host, (s) => s?.context.district ?? null);
  const invited = useSelector(host, (s) => (s?.context.invitationCode ?? null) !== null);

  if (state === 'loading')
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
        <CircularProgress aria-label={t('district.loading')} />
      </Box>
    );
  if (state === 'notFound')
    return (
      <MessagePage
        title={t('district.notFound')}
        message={t('district.notFoundLead')}
        plainLink
        action={
          <Button variant="contained" href={mainSiteOrigin()}>
            {t('district.toMainSite')}
          </Button>
        }
      />
    );
  if (state === 'noAccess')
    return (
      <MessagePage
        title={t('district.noAccess')}
        message={invited && signedOut ? t('district.invitationSignIn') : t('district.noAccessLead')}
        action={
          invited && signedOut ? (
            <Button variant="contained" onClick={() => host?.send({ type: 'invitation.signIn' })}>
              {t('district.acceptSignIn')}
            </Button>
          ) : signedOut ? (
            <Button
              variant="contained"
              onClick={() =>
                session.send({
                  type: 'session.signIn',
                  returnTo: `${window.location.pathname}${window.location.search}`,
                })
              }
            >
              {t('district.signIn')}
            </Button>
          ) : undefined
        }
      />
    );
  if (state === 'failed' || !district)
    return (
      <Box sx={{ p: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => host?.send({ type: 'district.retry' })}>
              {t('district.retry')}
            </Button>
          }
        >
          {t('district.failed')}
        </Alert>
      </Box>
    );
  return (
    <>
      {invited && signedOut && (
        <Alert
          severity="info"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" onClick={() => host?.send({ type: 'invitation.signIn' })}>
              {t('district.acceptSignIn')}
            </Button>
          }
        >
          {t('district.invitationSignIn')}
        </Alert>
      )}
      {children(district)}
    </>
  );
}
