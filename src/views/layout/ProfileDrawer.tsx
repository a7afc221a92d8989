import { Box, Divider, Drawer, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectTier } from '../../machines/sessionMachine';
import { useSession } from '../../app/AppContext';

/** The profile drawer (districts-commerce-spaces.md §2): profile, spaces, districts, library, … log out. */
export default function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = useSelector(session, (s) => s.context.user);
  const tier = useSelector(session, selectTier);
  if (!user) return null;
  const base = `/user/${encodeURIComponent(user.userId)}`;
  const links = [
    { key: 'profile', href: base },
    { key: 'spaces', href: `${base}/spaces` },
    { key: 'districts', href: `${base}/districts` },
    { key: 'myLibrary', href: `${base}/library` },
    { key: 'connections', href: `${base}/connections` },
    { key: 'activity', href: `${base}/activity` },
    { key: 'wallet', href: '/wallet' },
    { key: 'settings', href: '/settings' },
  ];
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(320px, 85vw)' } } }}
    >
      <Box sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{user.name}</Typography>
        <Typography color="text.secondary" sx={{ fontSize: '0.875rem' }}>
          {t(`auth.tiers.${tier}`)}
        </Typography>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.accountMenuLabel')}>
        <List>
          {links.map((link) => (
            <ListItemButton key={link.key} component={Link} href={link.href} onClick={onClose}>
              <ListItemText primary={t(`profile.menu.${link.key}`)} />
            </ListItemButton>
          ))}
          <Divider component="li" />
          <ListItemButton
            onClick={() => {
              onClose();
              session.send({ type: 'session.signOut' });
            }}
          >
            <ListItemText primary={t('profile.menu.logOut')} />
          </ListItemButton>
        </List>
      </Box>
    </Drawer>
  );
}
