import { Box, IconButton } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { shortenCount } from '../../lib/format';

export type { SpaceCardData } from '../../machines/spaceCardMachine';

/** The owner's insights of a space, with its chart library: loaded when first opened. */

/** A cover for spaces without one. */
export const defaultCoverImage = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 364 200">' +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#dfe8fb"/><stop offset="1" stop-color="#b9c9ef"/></linearGradient></defs>' +
    '<rect width="364" height="200" fill="url(#g)"/>' +
    '<path d="M132 128l32-36 22 24 14-14 32 26z" fill="#1d5bd6" opacity=".45"/>' +
    '<circle cx="214" cy="78" r="12" fill="#1d5bd6" opacity=".45"/></svg>',
)}`;

/** The small parts of a space card: its action buttons, figures and cover (SpaceCard.tsx). */

export const actionButtonSx = { color: 'text.primary', '&:hover': { bgcolor: 'action.hover' } } as const;

export function ActionButton({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      sx={actionButtonSx}
    >
      {icon}
    </IconButton>
  );
}

export function ActionLink({ label, icon, href }: { label: string; icon: ReactNode; href: string }) {
  return (
    <IconButton
      size="small"
      component={Link}
      href={href}
      aria-label={label}
      title={label}
      sx={actionButtonSx}
    >
      {icon}
    </IconButton>
  );
}

// In px: in `sx`, a width of 1 means 100% and a margin of -1 one spacing unit.
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

export function Stat({
  icon,
  count,
  label,
}: {
  icon: ReactNode;
  count: number;
  label: (formatted: string) => string;
}) {
  const formatted = shortenCount(count);
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" aria-hidden sx={{ display: 'inline-flex', '& svg': { fontSize: 18 } }}>
        {icon}
      </Box>
      <span aria-hidden>{formatted}</span>
      <Box component="span" sx={visuallyHidden}>
        {label(formatted)}
      </Box>
    </Box>
  );
}

/** The cover picture; the default picture when there is none or it fails to load. */
export function Cover({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <Box
      component="img"
      src={src && !broken ? src : defaultCoverImage}
      alt={alt}
      loading="lazy"
      onError={() => setBroken(true)}
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
