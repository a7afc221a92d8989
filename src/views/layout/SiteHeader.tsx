import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Container, IconButton, Toolbar } from '@mui/material';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { layout } from '../theme';
import { isMenu, type NavGroup, type NavItem } from './navLinks';
import { useOpenUntilNavigation } from './useOpenUntilNavigation';

const BurgerDrawer = lazy(() => import('./BurgerDrawer'));
const HeaderMenuPopup = lazy(() => import('./HeaderMenuPopup'));

/** Header height: 120 px, 60 px on medium screens and smaller (platform.md §2.2). */
export const headerHeightSx = { height: { xs: layout.headerHeightCompact, lg: layout.headerHeight } };

/**
 * The header on a phone held upright, below the spec's xsmall breakpoint (520 px), where the spec
 * shows no layout of its own. Its buttons keep their labels on one line; to make room, the gaps
 * narrow and the brand shows its logo without the words beside it (the main site's name stays the
 * home link's accessible name; a district keeps its own name, without 'a district on …'). The
 * header then fits a 320 px screen.
 */
export const phoneHeader = {
  gap: { xs: 1, sm: 2 },
  /** Brand words that give way to the header's buttons. */
  besideLogo: { display: { xs: 'none', sm: 'inline' } },
  button: { whiteSpace: 'nowrap', flexShrink: 0 },
} as const;

/**
 * The links show from medium screens up (920 px); small screens get the burger menu.
 *
 * The site header shared by the main site and district subdomains: brand, links (some opening
 * menus), buttons, and a burger menu on small screens that slides in and closes on navigation.
 */
export function SiteHeader({
  brand,
  items,
  actions,
  colours,
}: {
  brand: ReactNode;
  items: NavItem[];
  actions: ReactNode;
  /** A district's header colours (its theme); the plain header's otherwise. */
  colours?: { header: string; headerText: string };
}) {
  const { t } = useTranslation();
  const [location] = useLocation();
  // Navigating closes the burger menu.
  const [burgerOpenValue, setBurgerOpenValue] = useOpenUntilNavigation<true>();
  const burgerOpen = !!burgerOpenValue;
  const setBurgerOpen = (open: boolean) => setBurgerOpenValue(open ? true : null);
  // The drawer's code loads the first time it opens; the first visit stays small.
  const [burgerMounted, setBurgerMounted] = useState(false);

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        // On a district's coloured header, outlined buttons take its text colour.
        ...(colours
          ? {
              bgcolor: colours.header,
              color: colours.headerText,
              '& .MuiButton-outlined': { color: colours.headerText, borderColor: colours.headerText },
            }
          : {}),
      }}
    >
      <Container>
        <Toolbar disableGutters sx={{ ...headerHeightSx, gap: phoneHeader.gap }}>
          {brand}
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1, ml: { md: 1, lg: 3 } }}
          >
            {items.map((item) =>
              isMenu(item) ? (
                <HeaderMenu key={item.key} item={item} />
              ) : (
                <Button
                  key={item.key}
                  component={Link}
                  href={item.href}
                  color="inherit"
                  aria-current={location === item.href ? 'page' : undefined}
                >
                  {item.label}
                </Button>
              ),
            )}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexShrink: 0 }}>{actions}</Box>
          <IconButton
            sx={{ display: { md: 'none' } }}
            aria-label={t('nav.openMenu')}
            aria-expanded={burgerOpen}
            aria-controls="burger-menu"
            onClick={() => {
              setBurgerMounted(true);
              setBurgerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {burgerMounted && (
        <Suspense fallback={null}>
          <BurgerDrawer items={items} open={burgerOpen} onClose={() => setBurgerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}

function HeaderMenu({ item }: { item: Extract<NavItem, { groups: NavGroup[] }> }) {
  // Navigating closes the menu.
  const [anchor, setAnchor] = useOpenUntilNavigation<HTMLElement>();
  const menuId = useId();
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {item.label}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <HeaderMenuPopup id={menuId} anchor={anchor} groups={item.groups} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
