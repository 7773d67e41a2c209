import { createContext } from 'react';
import type { ThemeColors } from './theme-colors';
import type { ResolvedTheme, Theme } from './theme-preference';

export interface ThemeContextValue {
  /** The stored preference. */
  theme: Theme;
  /** What is shown now: the preference, or the operating system's choice for `system`. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
  cycleTheme: () => void;
  /** The customizer's primary and secondary colours (spec 01 §2), kept in localStorage. */
  colors: ThemeColors;
  setColors: (colors: ThemeColors) => void;
  resetColors: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);
