import { STORAGE_KEYS } from '@sieve/contracts';

/** The customizer's two colours (spec 01 §2 "Theme customizer"), as `#rrggbb`. */
export interface ThemeColors {
  primary: string;
  secondary: string;
}

export interface ThemePreset extends ThemeColors {
  name: string;
}

// spec 01 §2 defaulted to slate grey (#6b7280), which read as disabled (issue 15): the default is
// a blue with AA contrast for white text (5.2:1) that reads as clickable; grey stays a preset.
export const DEFAULT_THEME_COLORS: ThemeColors = { primary: '#2563eb', secondary: '#93c5fd' };

/** spec 01 §2: seven presets, the default first. */
export const THEME_PRESETS: readonly ThemePreset[] = [
  { name: 'Default Blue', ...DEFAULT_THEME_COLORS },
  { name: 'Gray', primary: '#6b7280', secondary: '#9ca3af' },
  { name: 'Emerald', primary: '#10b981', secondary: '#6ee7b7' },
  { name: 'Rose', primary: '#f43f5e', secondary: '#fda4af' },
  { name: 'Amber', primary: '#f59e0b', secondary: '#fcd34d' },
  { name: 'Purple', primary: '#a855f7', secondary: '#d8b4fe' },
  { name: 'Indigo', primary: '#6366f1', secondary: '#a5b4fc' },
];

export const THEME_COLORS_STORAGE_KEY = STORAGE_KEYS.themeColors;

// spec 01 §5 "Theme custom colour": a 6-digit hex colour with a leading #.
export const HEX_COLOR_MESSAGE = 'Please enter a valid hex color';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** The customizer's check of its custom colour entry: the message, or null when the entry is fine. */
export function hexColorProblem(value: string): string | null {
  return isHexColor(value.trim()) ? null : HEX_COLOR_MESSAGE;
}

export function sameColors(a: ThemeColors, b: ThemeColors): boolean {
  return (
    a.primary.toLowerCase() === b.primary.toLowerCase() &&
    a.secondary.toLowerCase() === b.secondary.toLowerCase()
  );
}

export function presetOf(colors: ThemeColors): ThemePreset | undefined {
  return THEME_PRESETS.find((preset) => sameColors(preset, colors));
}

// Colour arithmetic in sRGB, enough for WCAG contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).

type Rgb = readonly [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `amount` of the way from `from` to `to` (0 keeps `from`). */
export function mixColors(from: string, to: string, amount: number): string {
  const [r1, g1, b1] = toRgb(from);
  const [r2, g2, b2] = toRgb(to);
  return toHex([r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount]);
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour moved towards `toward` in small steps until it reaches `ratio` against `against`. */
function shiftUntilContrast(color: string, toward: string, against: string, ratio: number): string {
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mixColors(color, toward, step / 50);
    if (contrastRatio(candidate, against) >= ratio) return candidate;
  }
  return toward;
}

// The surfaces of styles.css that the derived colours must read against.
const LIGHT = { surface: '#ffffff', page: '#f5f6f8', onSolid: '#ffffff' } as const;
const DARK = { surface: '#16191f', page: '#0e1014' } as const;

/** WCAG AA: 4.5:1 for text, 3:1 for the focus ring and other non-text indicators. */
const TEXT_CONTRAST = 4.5;
const INDICATOR_CONTRAST = 3;

export interface ThemeColorTokens {
  /** Buttons and other solid fills; white text on it reads at 4.5:1 or better. */
  solid: string;
  solidHover: string;
  onSolid: string;
  /** Links and accent text, 4.5:1 on the page. */
  text: string;
  /** The focus ring, 3:1 on the page. */
  ring: string;
  /** A faint tint for selected rows and similar. */
  soft: string;
  /** The secondary colour as chosen (decoration only, never the only carrier of meaning). */
  secondary: string;
}

/**
 * The CSS values the primary and secondary colours become, per theme. Whatever was picked, the
 * text on buttons, the links and the focus ring keep readable contrast in light and dark.
 */
export function themeColorTokens(colors: ThemeColors): { light: ThemeColorTokens; dark: ThemeColorTokens } {
  const solid = shiftUntilContrast(colors.primary, '#000000', LIGHT.onSolid, TEXT_CONTRAST);
  const solidHover = mixColors(solid, '#000000', 0.15);
  return {
    light: {
      solid,
      solidHover,
      onSolid: LIGHT.onSolid,
      text: shiftUntilContrast(colors.primary, '#000000', LIGHT.page, TEXT_CONTRAST),
      ring: shiftUntilContrast(colors.primary, '#000000', LIGHT.page, INDICATOR_CONTRAST),
      soft: mixColors(colors.primary, LIGHT.surface, 0.88),
      secondary: colors.secondary,
    },
    dark: {
      solid,
      solidHover: mixColors(solid, '#ffffff', 0.12),
      onSolid: LIGHT.onSolid,
      text: shiftUntilContrast(colors.primary, '#ffffff', DARK.surface, TEXT_CONTRAST),
      ring: shiftUntilContrast(colors.primary, '#ffffff', DARK.page, INDICATOR_CONTRAST),
      soft: mixColors(colors.primary, DARK.surface, 0.8),
      secondary: colors.secondary,
    },
  };
}

const TOKEN_NAMES: Record<keyof ThemeColorTokens, string> = {
  solid: 'solid',
  solidHover: 'solid-hover',
  onSolid: 'on-solid',
  text: 'text',
  ring: 'ring',
  soft: 'soft',
  secondary: 'secondary',
};

/** Puts the colours on <html> as `--sv-brand-{light|dark}-*`; styles.css maps them per theme. */
export function applyThemeColors(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  const tokens = themeColorTokens(colors);
  for (const mode of ['light', 'dark'] as const) {
    for (const [key, name] of Object.entries(TOKEN_NAMES) as [keyof ThemeColorTokens, string][]) {
      root.style.setProperty(`--sv-brand-${mode}-${name}`, tokens[mode][key]);
    }
  }
  root.style.setProperty('--sv-brand-primary', colors.primary);
  root.style.setProperty('--sv-brand-secondary', colors.secondary);
}

/** The stored colours; anything that is not two valid hex colours counts as nothing stored. */
export function readStoredThemeColors(key: string = THEME_COLORS_STORAGE_KEY): ThemeColors | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ThemeColors> | null;
    if (parsed && isHexColor(parsed.primary) && isHexColor(parsed.secondary)) {
      return { primary: parsed.primary.toLowerCase(), secondary: parsed.secondary.toLowerCase() };
    }
  } catch {
    // unreadable or unavailable storage: the defaults apply
  }
  return null;
}

export function writeStoredThemeColors(colors: ThemeColors, key: string = THEME_COLORS_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(colors));
  } catch {
    // privacy mode or quota: the colours last as long as the page
  }
}

/** A custom colour becomes the primary; the secondary is a lighter tint of it. */
export function colorsFromCustom(primary: string): ThemeColors {
  const normalised = primary.trim().toLowerCase();
  return { primary: normalised, secondary: mixColors(normalised, '#ffffff', 0.45) };
}
