import { Avatar, Box, Button, IconButton, Typography, useTheme } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { headerButtons } from '../../lib/headerRules';
import { districtCategories, solutionSlugs } from '../../routes';
import { useSession } from '../../app/AppContext';
import type { District } from '../../../contracts/districts';
import { selectTier } from '../../machines/sessionMachine';
import type { NavItem } from './navLinks';
import { phoneHeader, SiteHeader } from './SiteHeader';
import { resourceLinks, solutionLink } from './navLinks';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';
import { districtHeaderColours, useDistrictHost } from '../district/DistrictHost';

const ProfileDrawer = lazy(() => import('./ProfileDrawer'));
// The district wizard loads when an Owner opens it from the district's header.
const DistrictWizard = lazy(() =>
  import('../district/DistrictWizard').then((m) => ({ default: m.DistrictWizard })),
);
// Only signed-in visitors have a bell: the first visit does not download it.
const MessagesButton = lazy(() =>
  import('../social/DirectMessages').then((m) => ({ default: m.MessagesButton })),
);
const NotificationBell = lazy(() =>
  import('../social/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
const initialOf = (name: string) => (name.trim()[0] ?? '?').toUpperCase();

/** Solutions menu grouping (platform.md §2.2): by industry and by function. */
const solutionGroups = {
  byIndustry: ['retail-and-ecommerce', 'museums-and-galleries', 'marketing-and-brands'],
  byFunction: ['learning-and-training', 'art-and-creative-work', 'events-and-live-shows'],
} as const satisfies Record<string, readonly (typeof solutionSlugs)[number][]>;

/** The logo and the words beside it; on a phone `label` stays only when `keepLabel`. */
function Brand({
  label,
  sublabel,
  keepLabel = false,
  logo,
}: {
  label: string;
  sublabel?: string;
  keepLabel?: boolean;
  /** A district's logo, in place of the platform's. */
  logo?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      href="/"
      aria-label={t('nav.homeLink', { name: label })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 0,
        color: 'inherit',
        textDecoration: 'none',
      }}
    >
      <Box
        component="img"
        src={logo ?? '/favicon.svg'}
        alt=""
        sx={{ width: 32, height: 32, flexShrink: 0, objectFit: 'cover', borderRadius: logo ? 1 : 0 }}
      />
      <Typography
        component="span"
        noWrap
        sx={{ fontWeight: 800, fontSize: '1.25rem', ...(keepLabel ? {} : phoneHeader.besideLogo) }}
      >
        {label}
      </Typography>
      {sublabel && (
        <Typography
          component="span"
          color="text.secondary"
          noWrap
          sx={{ fontSize: '0.9rem', ...phoneHeader.besideLogo }}
        >
          {sublabel}
        </Typography>
      )}
    </Box>
  );
}

function HeaderActions({
  district,
  districtRole = null,
}: {
  district: string | null;
  /** The signed-in user's role in this host's district. */
  districtRole?: string | null;
}) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const search = useSearch();
  const session = useSession();
  const user = useSelector(session, (s) => s.context.user);
  const show = headerButtons({
    pathname,
    search,
    district,
    user: user && { id: user.userId },
    // Owners and Creators of the district may create spaces from its header.
    districtOwnerIds: user && districtRole ? [user.userId] : [],
  });
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [drawerOpen, setDrawerOpen] = useOpenUntilNavigation<true>();
  return (
    <>
      {show.createSpace &&
        (user ? (
          <Button variant="contained" component={Link} href="/curate" sx={phoneHeader.button}>
            {t('nav.createSpace')}
          </Button>
        ) : (
          // Creating needs an account: sign in first, then continue to the editor.
          <Button
            variant="contained"
            onClick={() => session.send({ type: 'session.signIn', returnTo: '/curate' })}
            sx={phoneHeader.button}
          >
            {t('nav.createSpace')}
          </Button>
        ))}
      {user && (
        <Suspense fallback={null}>
          <MessagesButton key={`messages-${user.userId}`} userId={user.userId} />
          <NotificationBell key={user.userId} />
        </Suspense>
      )}
      {user && (
        <>
          <IconButton
            aria-label={t('nav.accountMenu', { name: user.name })}
            aria-haspopup="dialog"
            onClick={() => {
              setDrawerMounted(true);
              setDrawerOpen(true);
            }}
          >
            <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>{initialOf(user.name)}</Avatar>
          </IconButton>
          {drawerMounted && (
            <Suspense fallback={null}>
              <ProfileDrawer open={!!drawerOpen} onClose={() => setDrawerOpen(null)} />
            </Suspense>
          )}
        </>
      )}
      {show.login &&
        (show.loginInNewTab ? (
          <Button variant="outlined" href="/login" target="_blank" rel="noopener" sx={phoneHeader.button}>
            {t('nav.login')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            onClick={() =>
              session.send({ type: 'session.signIn', returnTo: search ? `${pathname}?${search}` : pathname })
            }
            sx={phoneHeader.button}
          >
            {t('nav.login')}
          </Button>
        ))}
    </>
  );
}

/** The main site's header: Explore, Solutions, Resources, Pricing, Contact Us. */
export function MainHeader() {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { key: 'explore', label: t('nav.explore'), href: '/explore' },
    {
      key: 'solutions',
      label: t('nav.solutions'),
      groups: (['byIndustry', 'byFunction'] as const).map((group) => ({
        label: t(`nav.${group}`),
        items: solutionGroups[group].map((slug) => solutionLink(t, slug)),
      })),
    },
    {
      key: 'resources',
      label: t('nav.resources'),
      groups: [
        {
          label: t('nav.learn'),
          items: resourceLinks(t),
        },
      ],
    },
    { key: 'pricing', label: t('nav.pricing'), href: '/pricing' },
    { key: 'contact', label: t('nav.contactUs'), href: '/contact-us' },
  ];
  return (
    <SiteHeader
      brand={<Brand label={t('shell.appName')} />}
      items={items}
      actions={<HeaderActions district={null} />}
    />
  );
}

/** A district subdomain's header: the district's own sections; no explore, pricing, contact or resources. */
export function DistrictHeader({ district }: { district: string }) {
  const { t } = useTranslation();
  const host = useDistrictHost();
  const info = useSelector(host, (s) => s?.context.district ?? null);
  const colours = districtHeaderColours(useTheme());
  const role = info?.districtUserRole ?? null;
  const items: NavItem[] = [
    { key: 'home', label: t('nav.districtHome'), href: '/' },
    ...Object.keys(districtCategories)
      // The settings are the Owners'.
      .filter((category) => category !== 'settings' || role === 'Owner')
      .map((category) => ({
        key: category,
        label: t(`pages.districtArea.${category}`),
        href: `/${category}`,
      })),
  ];
  return (
    <SiteHeader
      brand={
        <Brand
          label={info?.title ?? district}
          logo={info?.photo}
          sublabel={t('nav.districtOf', { name: t('shell.appName') })}
          keepLabel
        />
      }
      items={items}
      colours={colours}
      actions={
        <>
          {role === 'Owner' && info && (
            <UpgradeButton district={info} onDone={() => host?.send({ type: 'district.changed' })} />
          )}
          <HeaderActions district={district} districtRole={role} />
        </>
      }
    />
  );
}

/** The district Owner's Upgrade: the district wizard in edit mode (districts-commerce-spaces.md §2). */
function UpgradeButton({ district, onDone }: { district: District; onDone(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const tier = useSelector(session, selectTier);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={phoneHeader.button}>
        {t('district.upgrade')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DistrictWizard district={district} tier={tier} onClose={() => setOpen(false)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
