import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './theme-provider';
import { ThemeToggle } from './theme-toggle';
import { useTheme } from './use-theme';

type Listener = (event: MediaQueryListEvent) => void;

/** A controllable prefers-color-scheme query. */
function mockSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
  return {
    setDark(isDark: boolean) {
      query.matches = isDark;
      for (const listener of listeners) listener({ matches: isDark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const root = document.documentElement;

describe('ThemeProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cycles light → dark → system → light and stores each choice under sieve-ui-theme', () => {
    mockSystemTheme(true);
    localStorage.setItem('sieve-ui-theme', 'light');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const toggle = screen.getByRole('button', { name: /theme/i });
    const seen: Array<[string | null, boolean]> = [];
    for (let click = 0; click < 3; click += 1) {
      fireEvent.click(toggle);
      seen.push([localStorage.getItem('sieve-ui-theme'), root.classList.contains('dark')]);
    }
    // system resolves to the (mocked) dark operating-system preference
    expect(seen).toEqual([
      ['dark', true],
      ['system', true],
      ['light', false],
    ]);
    expect(root.classList.contains('light')).toBe(true);
  });

  it('follows the operating system live while on system, and stops listening otherwise', () => {
    const system = mockSystemTheme(false);
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.theme).toBe('system');
    expect(result.current.resolvedTheme).toBe('light');

    act(() => system.setDark(true));
    expect(result.current.resolvedTheme).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);

    act(() => result.current.setTheme('light'));
    expect(system.listenerCount()).toBe(0);
    act(() => system.setDark(false));
    expect(root.className).toBe('light');
  });

  it('clears the extra theme classes when switching', () => {
    mockSystemTheme(false);
    root.classList.add('zenburn', 'synthwave', 'vaporwave');
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    act(() => result.current.setTheme('dark'));
    expect(root.className).toBe('dark');
  });

  it('ignores an unknown stored value', () => {
    mockSystemTheme(false);
    localStorage.setItem('sieve-ui-theme', 'neon');
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.theme).toBe('system');
  });

  it('throws a misuse error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
  });
});
