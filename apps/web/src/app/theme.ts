import { createTheme, type Theme } from '@mui/material/styles';
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

export function buildTheme(name: string | null | undefined): Theme {
  const palette = PALETTES[isThemeName(name) ? name : DEFAULT_THEME];
  return createTheme({
    palette: { primary: { main: palette.primary }, secondary: { main: palette.secondary } },
    breakpoints: { values: { xs: BREAKPOINTS.xs, sm: BREAKPOINTS.sm, md: BREAKPOINTS.md, lg: BREAKPOINTS.lg, xl: BREAKPOINTS.xl } },
    typography: { fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif' },
  });
}

export const PALETTE_SWATCHES = PALETTES;
