import { STORAGE_KEYS } from '@sieve/contracts';
import { applyThemeColors, DEFAULT_THEME_COLORS, readStoredThemeColors } from './theme-colors';

/** spec 01 §4: the stored preference; `system` follows the operating system live. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;

/** Every class a theme may put on <html>; all are cleared on a switch (spec 01 §4). */
export const THEME_CLASS_NAMES = ['light', 'dark', 'zenburn', 'synthwave', 'vaporwave'] as const;

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** spec 01 §2: each click cycles light → dark → system → light. */
export function nextTheme(theme: Theme): Theme {
  const index = THEMES.indexOf(theme);
  return THEMES[(index + 1) % THEMES.length] ?? 'light';
}

// Storage can be unavailable (privacy modes, blocked cookies); the theme then lives in memory only.
export function readStoredTheme(key: string = THEME_STORAGE_KEY): Theme | null {
  try {
    const value = window.localStorage.getItem(key);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredTheme(theme: Theme, key: string = THEME_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(key, theme);
  } catch {
    // see readStoredTheme
  }
}

export function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

export function resolveTheme(theme: Theme, systemIsDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemIsDark ? 'dark' : 'light';
  return theme;
}

export function applyThemeClass(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.remove(...THEME_CLASS_NAMES);
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

/**
 * Applies the stored theme and colours before React renders, so a dark page does not flash light
 * and a customised page does not flash the default colours.
 */
export function applyStoredTheme(key: string = THEME_STORAGE_KEY): void {
  applyThemeClass(resolveTheme(readStoredTheme(key) ?? 'system', systemQuery()?.matches ?? false));
  applyThemeColors(readStoredThemeColors() ?? DEFAULT_THEME_COLORS);
}
