import { Box, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Dots after the label grow by one each second, then start again (platform.md §4, §9). */
export const overlayDotsMs = 1000;
const maxDots = 3;

export interface LoadingOverlayProps {
  /** What is loading; also the progress bar's accessible name. */
  label: string;
  /** 0–100. Without it the progress is indeterminate and no percentage shows. */
  percent?: number;
  /** Cycling dots after the label. */
  dots?: boolean;
}

/** Covers its positioned parent (an engine's box, a panel) while something there loads. */
export function OverlayBox({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: 'secondary.main',
        color: 'common.white',
      }}
    >
      {children}
    </Box>
  );
}

function useCyclingDots(enabled: boolean): string {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setCount((n) => (n + 1) % (maxDots + 1)), overlayDotsMs);
    return () => clearInterval(timer);
  }, [enabled]);
  return enabled ? '.'.repeat(count) : '';
}

/**
 * A loading overlay: a progress ring named by `label` (role progressbar with aria-valuenow when the
 * percentage is known), the label with optional cycling dots, and the percentage.
 */
export function LoadingOverlay({ label, percent, dots = false }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const shownDots = useCyclingDots(dots);
  const known = percent !== undefined;
  const rounded = known ? Math.max(0, Math.min(100, Math.round(percent))) : 0;
  return (
    <OverlayBox>
      <CircularProgress
        color="inherit"
        variant={known ? 'determinate' : 'indeterminate'}
        value={rounded}
        aria-label={label}
      />
      <Typography component="p">
        {label}
        {dots && (
          // A fixed width keeps the label still while the dots change.
          <Box
            component="span"
            aria-hidden
            sx={{ display: 'inline-block', width: '1.5em', textAlign: 'left' }}
          >
            {shownDots}
          </Box>
        )}
      </Typography>
      {known && (
        <Typography component="p" variant="h6" aria-hidden>
          {t('kit.loadingPercent', { percent: rounded })}
        </Typography>
      )}
    </OverlayBox>
  );
}
