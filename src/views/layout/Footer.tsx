import { Box, Container, Grid, Link as MuiLink, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useSession } from '../../app/AppContext';
import { solutionSlugs } from '../../routes';
import { resourceLinks, solutionLink } from './navLinks';
import type { NavLink } from './navLinks';
import { useSeen } from '../kit/useSeen';

/**
 * Footer (platform.md §2.2): description, menu links, account links (sign-in first), legal links.
 * On a district subdomain the explore, pricing, contact and resources links are left out, as in the header.
 */
// The language choice loads after the page: it is the last thing on it, and few use it.
const LanguageSwitch = lazy(() => import('./LanguageSwitch'));
const FooterNewsletter = lazy(() => import('../contact/FooterNewsletter'));

export function Footer({ district }: { district: string | null }) {
  const { t } = useTranslation();
  const user = useSelector(useSession(), (s) => s.context.user);
  const [newsletterRef, newsletterSeen] = useSeen<HTMLDivElement>();
  // Account pages need a signed-in user: for visitors the links go through sign-in and come back.
  const me = user ? `/user/${encodeURIComponent(user.userId)}` : '/user/me';
  const viaLogin = (path: string) =>
    user ? path.replace('/user/me', me) : `/login?returnTo=${encodeURIComponent(path)}`;
  const columns: { key: string; title: string; links: NavLink[] }[] = [
    ...(district === null
      ? [
          {
            key: 'product',
            title: t('footer.product'),
            links: [
              { key: 'explore', label: t('nav.explore'), href: '/explore' },
              { key: 'pricing', label: t('nav.pricing'), href: '/pricing' },
              { key: 'contact', label: t('nav.contactUs'), href: '/contact-us' },
              { key: 'migration', label: t('footer.migration'), href: '/artsteps-migration' },
            ],
          },
          {
            key: 'solutions',
            title: t('nav.solutions'),
            links: solutionSlugs.map((slug) => solutionLink(t, slug)),
          },
          {
            key: 'resources',
            title: t('nav.resources'),
            links: resourceLinks(t),
          },
        ]
      : []),
    {
      key: 'account',
      title: t('footer.account'),
      links: [
        { key: 'profile', label: t('footer.profile'), href: viaLogin('/user/me') },
        { key: 'spaces', label: t('footer.spaces'), href: viaLogin('/user/me/spaces') },
        { key: 'districts', label: t('footer.districts'), href: viaLogin('/user/me/districts') },
        { key: 'library', label: t('footer.library'), href: viaLogin('/user/me/library') },
        { key: 'wallet', label: t('footer.wallet'), href: viaLogin('/wallet') },
        { key: 'settings', label: t('footer.settings'), href: viaLogin('/settings') },
      ],
    },
    {
      key: 'legal',
      title: t('footer.legal'),
      links: [
        { key: 'terms', label: t('footer.terms'), href: '/terms-of-service' },
        { key: 'privacy', label: t('footer.privacy'), href: '/privacy-notice' },
        { key: 'refund', label: t('footer.refund'), href: '/refund-policy' },
      ],
    },
  ];
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'common.white', mt: 'auto', py: 6 }}>
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, lg: 3 }}>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.25rem', mb: 1 }}>
              {t('shell.appName')}
            </Typography>
            <Typography sx={{ opacity: 0.85 }}>{t('footer.description')}</Typography>
          </Grid>
          {columns.map((column) => (
            <Grid key={column.key} size={{ xs: 6, sm: 4, lg: 'grow' }}>
              <Box component="nav" aria-label={column.title}>
                <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                  {column.title}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                  {column.links.map((link) => (
                    <li key={link.key}>
                      <MuiLink component={Link} href={link.href} color="inherit" underline="hover">
                        {link.label}
                      </MuiLink>
                    </li>
                  ))}
                </Box>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Box ref={newsletterRef} sx={{ mt: 6, minHeight: 40 }}>
          {newsletterSeen && (
            <Suspense fallback={null}>
              <FooterNewsletter />
            </Suspense>
          )}
        </Box>
        <Box
          sx={{
            mt: 6,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography sx={{ opacity: 0.85, fontSize: '0.875rem' }}>
            {t('footer.copyright', { year: new Date().getFullYear(), name: t('shell.appName') })}
          </Typography>
          <Suspense fallback={null}>
            <LanguageSwitch />
          </Suspense>
        </Box>
      </Container>
    </Box>
  );
}
