import { Icon, type IconName } from '../components/icon';
import type { Theme } from './theme-preference';
import { nextTheme } from './theme-preference';
import { useTheme } from './use-theme';

const THEME_LABEL: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const THEME_ICON: Record<Theme, IconName> = { light: 'sun', dark: 'moon', system: 'monitor' };

export interface ThemeToggleProps {
  /** Show the current theme's name next to its icon. */
  showLabel?: boolean;
}

/** spec 01 §2: each click cycles light → dark → system → light. */
export function ThemeToggle({ showLabel = false }: ThemeToggleProps) {
  const { theme, cycleTheme } = useTheme();
  const label = `Theme: ${THEME_LABEL[theme]}. Switch to ${THEME_LABEL[nextTheme(theme)]}`;
  return (
    <button
      type="button"
      className={showLabel ? 'sv-button sv-button--ghost sv-button--sm' : 'sv-icon-button'}
      onClick={cycleTheme}
      aria-label={label}
      title={label}
      data-theme-preference={theme}
    >
      <Icon name={THEME_ICON[theme]} />
      {showLabel ? <span aria-hidden="true">{THEME_LABEL[theme]}</span> : null}
    </button>
  );
}
