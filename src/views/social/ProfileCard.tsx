import { Avatar, Box, Card, CardActionArea, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A grid of profile cards (members, groups), as a list. */
export function ProfileCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A member or group card (platform.md §9: 280 px high, 128 px picture): the picture (or the
 * title's first letter), the title, a line below it and what goes under it, the whole upper part
 * one link (`href`) or button (`onClick`) named `label`.
 */
export function ProfileCard({
  picture,
  title,
  subtitle,
  label,
  href,
  externalHref,
  onClick,
  square = false,
  extra,
  footer,
}: {
  picture: string | null;
  title: string;
  subtitle?: ReactNode;
  label: string;
  href?: string;
  /** A link to another origin (a district's host): a full page load. */
  externalHref?: string;
  onClick?: () => void;
  /** A group's picture is square; a person's round. */
  square?: boolean;
  /** Under the subtitle, inside the link (a chip). */
  extra?: ReactNode;
  /** Under the link (a Follow button). */
  footer?: ReactNode;
}) {
  const link = externalHref
    ? { component: 'a' as const, href: externalHref }
    : href
      ? { component: Link, href }
      : { onClick };
  return (
    <Card variant="outlined" sx={{ height: 280, display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        {...link}
        aria-label={label}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', p: 2 }}
      >
        <Avatar
          variant={square ? 'rounded' : 'circular'}
          src={picture ?? undefined}
          alt=""
          sx={{ width: 128, height: 128, fontSize: 48 }}
        >
          {title.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography
          component="p"
          variant="subtitle1"
          noWrap
          sx={{ mt: 1, maxWidth: '100%', fontWeight: 600 }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
            {subtitle}
          </Typography>
        )}
        {extra}
      </CardActionArea>
      {footer}
    </Card>
  );
}
