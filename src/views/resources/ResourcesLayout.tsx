import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import SortByAlphaIcon from '@mui/icons-material/SortByAlpha';
import {
  Box,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { MenuItem } from '../../../contracts/cms';
import { useFlow } from '../../app/AppContext';
import '../../i18n/resourcePagesCatalogue';

const icons: Record<string, ReactNode> = {
  faq: <HelpOutlinedIcon />,
  guide: <MenuBookIcon />,
  video: <OndemandVideoIcon />,
  blog: <RssFeedIcon />,
  glossary: <SortByAlphaIcon />,
};

/** An item's icon; a plain circle when it has none we know (platform.md §2.10). */
const iconOf = (name: string | null) =>
  (name && icons[name]) ?? (
    <Box component="span" sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: 'action.disabled' }} />
  );

/** The sidebar's items before the content service answers: the same pages, no video link. */
const fallbackItems = (t: (key: string) => string): MenuItem[] =>
  (['faqs', 'guides', 'blog', 'glossary'] as const).map((key, i) => ({
    id: i + 1,
    title: t(`resources.${key}`),
    link: `/resources/${key}`,
    icon: { faqs: 'faq', guides: 'guide', blog: 'blog', glossary: 'glossary' }[key],
    externalUrl: null,
  }));

/**
 * The resources pages' frame (platform.md §2.10): the sidebar (200 px open, 5 % closed; on small
 * screens below the content under the heading 'Resources'), external items in a new tab, the
 * current page's item marked.
 */
export function ResourcesLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [open, setOpen] = useState(true);
  const menu = useFlow('resourceMenu', undefined);
  const loaded = useSelector(menu, (s) => s?.context.data as MenuItem[] | null | undefined);
  const items = loaded ?? fallbackItems(t);
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', md: 'row' }, alignItems: 'stretch' }}>
      <Box
        component="nav"
        aria-label={t('resources.title')}
        sx={{
          flexShrink: 0,
          width: { xs: '100%', md: open ? 200 : '5%' },
          minWidth: { md: open ? 200 : 56 },
          borderRight: { md: 1 },
          borderTop: { xs: 1, md: 0 },
          borderColor: { xs: 'divider', md: 'divider' },
          py: 2,
          transition: 'width 200ms ease',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1, minHeight: 40 }}>
          <Typography
            variant="h2"
            sx={{ fontSize: '1.1rem', flex: 1, px: 1, display: { xs: 'block', md: open ? 'block' : 'none' } }}
          >
            {t('resources.title')}
          </Typography>
          <Tooltip title={open ? t('resourcePages.collapse') : t('resourcePages.expand')}>
            <IconButton
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-label={open ? t('resourcePages.collapse') : t('resourcePages.expand')}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              {open ? <ChevronLeftIcon /> : <ChevronRightIcon />}
            </IconButton>
          </Tooltip>
        </Box>
        <List dense>
          {items.map((item) => {
            const current =
              !item.externalUrl && (location === item.link || location.startsWith(`${item.link}/`));
            const label = (
              <ListItemText
                primary={item.title}
                secondary={item.externalUrl ? t('resourcePages.opensInNewTab') : undefined}
                sx={{ display: { xs: 'block', md: open ? 'block' : 'none' } }}
              />
            );
            const icon = <ListItemIcon sx={{ minWidth: 36 }}>{iconOf(item.icon)}</ListItemIcon>;
            const button = item.externalUrl ? (
              <ListItemButton
                component="a"
                href={item.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={open ? undefined : item.title}
              >
                {icon}
                {label}
              </ListItemButton>
            ) : (
              <ListItemButton
                component={Link}
                href={item.link}
                selected={current}
                aria-current={current ? 'page' : undefined}
                aria-label={open ? undefined : item.title}
              >
                {icon}
                {label}
              </ListItemButton>
            );
            return (
              <ListItem key={item.id} disablePadding>
                {button}
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
