import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import { BREAKPOINTS, DEFAULT_THEME, THEMES, type ThemeName } from '@openseat/shared/constants';

/** The six palettes of spec section 1; default is a dark blue. */
const PALETTES: Record<ThemeName, { primary: string; secondary: string }> = {
  default: { primary: '#1a2b5f', secondary: '#3f6ad8' },
  test: { primary: '#37474f', secondary: '#00897b' },
  Orange: { primary: '#e65100', secondary: '#ff9800' },
  Purple: { primary: '#5e35b1', secondary: '#9575cd' },
  Blue: { primary: '#1565c0', secondary: '#42a5f5' },
  Pink: { primary: '#ad1457', secondary: '#f06292' },
};

export const isThemeName = (v: unknown): v is ThemeName => THEMES.includes(v as ThemeName);

/**
 * The keyboard focus ring: a dark ring outside a white one, so it shows on the white page and on the
 * coloured top bar alike, whatever the palette.
 */
const FOCUS_RING = {
  outline: '2px solid rgba(0, 0, 0, 0.87)',
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #fff',
};

export function buildTheme(name: string | null | undefined, language = 'en'): Theme {
  const palette = PALETTES[isThemeName(name) ? name : DEFAULT_THEME];
  const breakpoints = {
    values: { xs: BREAKPOINTS.xs, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: BREAKPOINTS.xl },
  };
  const phone = `@media (max-width:${BREAKPOINTS.sm - 0.05}px)`;
  return createTheme(
    {
      palette: {
        primary: { main: palette.primary },
        secondary: { main: palette.secondary },
        // text on a coloured button (the orange Finalize) reaches WCAG AA's 4.5:1, not MUI's default 3:1
        contrastThreshold: 4.5,
      },
      breakpoints,
      typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
      components: {
        MuiCssBaseline: { styleOverrides: { 'a:focus-visible': FOCUS_RING } },
        // a long unbroken string (a pasted link, a run of letters in a note) wraps instead of widening the page;
        // tables keep their own sizing (they scroll inside their card)
        MuiTypography: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
        MuiAlert: { styleOverrides: { message: { overflowWrap: 'anywhere' } } },
        MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
        MuiLink: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': FOCUS_RING } } },
        // tabs never push the page wider than a phone: they scroll, with buttons on touch screens too
        MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
        // on a phone a table scrolls sideways inside its card instead of widening the page
        MuiTable: { styleOverrides: { root: { [phone]: { display: 'block', overflowX: 'auto' } } } },
      },
    },
    // MUI's own words (table pagination, dialogs, pickers) in the reader's language
    language === 'es' ? esES : enUS,
  );
}

export const PALETTE_SWATCHES = PALETTES;
