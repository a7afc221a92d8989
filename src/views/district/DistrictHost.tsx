import { createTheme, type Theme, ThemeProvider } from '@mui/material';
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import {
  districtFonts,
  districtStylesOf,
  districtThemes,
  invitationCodeParam,
} from '../../../contracts/districtStyles';
import { useFlow } from '../../app/AppContext';
import type { DistrictHostActorRef } from '../../machines/districtHostMachine';

const DistrictContext = createContext<DistrictHostActorRef | undefined>(undefined);

/** The district of this host (undefined until its flow runs, or on the main host). */
export function useDistrictHost(): DistrictHostActorRef | undefined {
  return useContext(DistrictContext);
}

/** The app's theme with a district's colours and type face (its `styles`). */
export function districtTheme(base: Theme, styles: string | null | undefined): Theme {
  const { theme, fontFamily } = districtStylesOf(styles);
  const colours = districtThemes[theme];
  const face = { fontFamily: districtFonts[fontFamily].stack };
  // Each variant carries its own face (worked out when the base theme was made): set them all.
  const variants = [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'subtitle1',
    'subtitle2',
    'body1',
    'body2',
    'button',
    'caption',
    'overline',
  ];
  return createTheme(base, {
    palette: { primary: { main: colours.primary } },
    typography: { ...face, ...Object.fromEntries(variants.map((v) => [v, face])) },
    components: { MuiCssBaseline: { styleOverrides: { body: face } } },
    district: { header: colours.header, headerText: colours.headerText },
  });
}

/** The district header's colours, when the theme is a district's. */
export const districtHeaderColours = (theme: Theme) =>
  (theme as Theme & { district?: { header: string; headerText: string } }).district;

/**
 * Runs the district host's flow for the whole visit (systemId 'district') and gives its pages and
 * header the district's theme once it has loaded. The visitor's ?invitation_code=… is read once.
 */
export function DistrictHostProvider({
  subdomain,
  base,
  children,
}: {
  subdomain: string;
  base: Theme;
  children: ReactNode;
}) {
  const search = useSearch();
  const [invitationCode] = useState(() => new URLSearchParams(search).get(invitationCodeParam));
  const host = useFlow('districtHost', { subdomain, invitationCode }, { systemId: 'district' });
  // An invitation code that arrives later (back from signing in) is told to the flow.
  const code = new URLSearchParams(search).get(invitationCodeParam);
  useEffect(() => {
    if (code) host?.send({ type: 'invitation.found', code });
  }, [host, code]);
  const styles = useSelector(host, (s) => s?.context.district?.styles ?? null);
  const theme = useMemo(() => (styles ? districtTheme(base, styles) : base), [base, styles]);
  return (
    <DistrictContext.Provider value={host}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </DistrictContext.Provider>
  );
}
