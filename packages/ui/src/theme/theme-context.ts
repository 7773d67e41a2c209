import { createContext } from 'react';
import type { ResolvedTheme, Theme } from './theme-preference';

export interface ThemeContextValue {
  /** The stored preference. */
  theme: Theme;
  /** What is shown now: the preference, or the operating system's choice for `system`. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
  cycleTheme: () => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);
