import { Menu, MenuItem } from '@mui/material';
import { Link } from 'wouter';
import type { NavGroup } from './navLinks';

/** A header menu's popup (Solutions, Resources), loaded the first time one opens. */
export default function HeaderMenuPopup({
  id,
  anchor,
  groups,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  groups: NavGroup[];
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {groups.flatMap((group) => [
        <MenuItem key={`h-${group.label}`} disabled dense sx={{ opacity: '1 !important', fontWeight: 700 }}>
          {group.label}
        </MenuItem>,
        ...group.items.map((link) => (
          <MenuItem key={link.key} component={Link} href={link.href} onClick={onClose}>
            {link.label}
          </MenuItem>
        )),
      ])}
    </Menu>
  );
}
