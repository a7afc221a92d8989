import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isMenu, type NavItem } from './navLinks';

/** The burger menu of small screens: slides in from the right, closes on navigation (the header closes it). */
export default function BurgerDrawer({
  items,
  open,
  onClose,
}: {
  items: NavItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: 'burger-menu', sx: { width: 'min(320px, 85vw)' } } }}
      transitionDuration={{ enter: 225, exit: 195 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <IconButton aria-label={t('nav.closeMenu')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t('nav.main')}>
        <List>
          {items.map((item) =>
            isMenu(item) ? (
              item.groups.map((group) => (
                <Box component="li" key={`${item.key}-${group.label}`} sx={{ listStyle: 'none' }}>
                  <List disablePadding>
                    <ListSubheader component="div">{`${item.label} · ${group.label}`}</ListSubheader>
                    {group.items.map((link) => (
                      <ListItemButton key={link.key} component={Link} href={link.href} sx={{ pl: 4 }}>
                        <ListItemText primary={link.label} />
                      </ListItemButton>
                    ))}
                  </List>
                </Box>
              ))
            ) : (
              <ListItemButton key={item.key} component={Link} href={item.href}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ),
          )}
        </List>
      </Box>
    </Drawer>
  );
}
