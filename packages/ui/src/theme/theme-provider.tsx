import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { ThemeContext, type ThemeContextValue } from './theme-context';
import {
  applyThemeClass,
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

  const resolvedTheme = resolveTheme(theme, systemIsDark);

  useLayoutEffect(() => {
    applyThemeClass(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      writeStoredTheme(next, storageKey);
      setThemeState(next);
    },
    [storageKey],
  );

  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, resolvedTheme, setTheme, cycleTheme }),
    [theme, resolvedTheme, setTheme, cycleTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
