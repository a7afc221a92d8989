import { createTheme } from '@mui/material/styles';

/** Layout constants of platform.md §9, in one place. */
export const layout = {
  containerMaxWidth: 1528,
  contentWidthMedium: 900,
  contentWidthXlarge: 1098,
  headerHeight: 120,
  headerHeightCompact: 60,
} as const;

/** Breakpoint upper bounds from platform.md §9, in em (1em = 16px). */
export const breakpointEm = { xsmall: 32.5, small: 57.5, medium: 83.75, large: 95, xlarge: 160 } as const;
const px = (em: number) => Math.round(em * 16);

/**
 * MUI's five breakpoints start where the spec's ranges start: xs 0, sm after xsmall (520px),
 * md after small (920px), lg after medium (1340px), xl after large (1520px).
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d5bd6' },
    secondary: { main: '#0f1b3d' },
    background: { default: '#ffffff', paper: '#ffffff' },
  },
  shape: { borderRadius: 16 },
  breakpoints: {
    values: {
      xs: 0,
      sm: px(breakpointEm.xsmall),
      md: px(breakpointEm.small),
      lg: px(breakpointEm.medium),
      xl: px(breakpointEm.large),
    },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.5rem', fontWeight: 700 },
    h2: { fontSize: '1.75rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { styleOverrides: { root: { borderRadius: 999 } } },
    MuiContainer: {
      defaultProps: { maxWidth: false },
      styleOverrides: { root: { maxWidth: layout.containerMaxWidth } },
    },
  },
});
