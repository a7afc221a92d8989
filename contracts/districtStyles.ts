/**
 * A district's look (districts-commerce-spaces.md §3 'District data: styles'): the themes and type
 * faces its Owners pick from, and reading a district's `styles` text. Plain constants with no
 * schema library, so the first page of a district host can use them without loading zod
 * (contracts/districts.ts adds the schemas).
 */

/** The district themes: names the owner picks from, and the colours each gives the header and links. */
export const districtThemes = {
  harbour: { label: 'Harbour', primary: '#1d5bd6', header: '#0f1b3d', headerText: '#ffffff' },
  gallery: { label: 'Gallery white', primary: '#222222', header: '#ffffff', headerText: '#111111' },
  forest: { label: 'Forest', primary: '#2e6b3f', header: '#1c3b26', headerText: '#ffffff' },
  terracotta: { label: 'Terracotta', primary: '#a34a28', header: '#5a2615', headerText: '#ffffff' },
  plum: { label: 'Plum', primary: '#6b3fa0', header: '#2e1a47', headerText: '#ffffff' },
  graphite: { label: 'Graphite', primary: '#3d4a5c', header: '#1f2630', headerText: '#ffffff' },
} as const;
export type DistrictTheme = keyof typeof districtThemes;
export const districtThemeNames = Object.keys(districtThemes) as DistrictTheme[];

/** Type faces a district may use for its pages (system stacks: nothing more to download). */
export const districtFonts = {
  sans: {
    label: 'Sans serif',
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  serif: { label: 'Serif', stack: 'Georgia, Cambria, "Times New Roman", Times, serif' },
  humanist: { label: 'Humanist', stack: 'Optima, Candara, "Segoe UI", "Noto Sans", sans-serif' },
  mono: { label: 'Monospace', stack: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
} as const;
export type DistrictFont = keyof typeof districtFonts;
export const districtFontNames = Object.keys(districtFonts) as DistrictFont[];

export interface DistrictStyles {
  theme: DistrictTheme;
  fontFamily: DistrictFont;
}

export const defaultDistrictStyles: DistrictStyles = { theme: 'harbour', fontFamily: 'sans' };

/** The styles a district's `styles` text holds, or the defaults for what it does not hold validly. */
export function districtStylesOf(styles: string | null | undefined): DistrictStyles {
  if (!styles) return defaultDistrictStyles;
  try {
    const parsed = JSON.parse(styles) as Partial<Record<keyof DistrictStyles, unknown>> | null;
    const theme = districtThemeNames.find((name) => name === parsed?.theme) ?? defaultDistrictStyles.theme;
    const fontFamily =
      districtFontNames.find((name) => name === parsed?.fontFamily) ?? defaultDistrictStyles.fontFamily;
    return { theme, fontFamily };
  } catch {
    return defaultDistrictStyles;
  }
}

/** The query parameter a district invitation link carries (platform.md §7.2). */
export const invitationCodeParam = 'invitation_code';
