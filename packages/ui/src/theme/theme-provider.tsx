import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  applyThemeColors,
  DEFAULT_THEME_COLORS,
  readStoredThemeColors,
  THEME_COLORS_STORAGE_KEY,
  type ThemeColors,
  writeStoredThemeColors,
} from './theme-colors';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import {
  applyThemeClass,
  isTheme,
  nextTheme,
  readStoredTheme,
  resolveTheme,
  systemQuery,
  THEME_STORAGE_KEY,
  type Theme,
  writeStoredTheme,
} from './theme-preference';

export interface ThemeProviderProps {
  children: ReactNode;
  defaultTheme?: Theme;
  storageKey?: string;
}

export function ThemeProvider({
  children,
  defaultTheme = 'system',
  storageKey = THEME_STORAGE_KEY,
}: ThemeProviderProps) {
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme(storageKey) ?? defaultTheme);
  const [systemIsDark, setSystemIsDark] = useState(() => systemQuery()?.matches ?? false);
  const [colors, setColorsState] = useState<ThemeColors>(
    () => readStoredThemeColors() ?? DEFAULT_THEME_COLORS,
  );

  // spec 01 §4: system follows the operating system preference and updates live.
  useEffect(() => {
    if (theme !== 'system') return;
    const query = systemQuery();
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setSystemIsDark(event.matches);
    setSystemIsDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  // Another tab of the same app changed the theme or the colours: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === storageKey) setThemeState(isTheme(event.newValue) ? event.newValue : defaultTheme);
      if (event.key === THEME_COLORS_STORAGE_KEY)
        setColorsState(readStoredThemeColors() ?? DEFAULT_THEME_COLORS);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey, defaultTheme]);

  const resolvedTheme = resolveTheme(theme, systemIsDark);

  useLayoutEffect(() => {
    applyThemeClass(resolvedTheme);
  }, [resolvedTheme]);

  useLayoutEffect(() => {
    applyThemeColors(colors);
  }, [colors]);

  const setTheme = useCallback(
    (next: Theme) => {
      writeStoredTheme(next, storageKey);
      setThemeState(next);
    },
    [storageKey],
  );

  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const setColors = useCallback((next: ThemeColors) => {
    const normalised = { primary: next.primary.toLowerCase(), secondary: next.secondary.toLowerCase() };
    writeStoredThemeColors(normalised);
    setColorsState(normalised);
  }, []);

  const resetColors = useCallback(() => setColors(DEFAULT_THEME_COLORS), [setColors]);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, resolvedTheme, setTheme, cycleTheme, colors, setColors, resetColors }),
    [theme, resolvedTheme, setTheme, cycleTheme, colors, setColors, resetColors],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
