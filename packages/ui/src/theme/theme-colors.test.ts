import { describe, expect, it } from 'vitest';
import {
  applyThemeColors,
  colorsFromCustom,
  contrastRatio,
  DEFAULT_THEME_COLORS,
  HEX_COLOR_MESSAGE,
  hexColorProblem,
  isHexColor,
  presetOf,
  readStoredThemeColors,
  THEME_PRESETS,
  themeColorTokens,
} from './theme-colors';

describe('the custom colour rule (spec 01 §5)', () => {
  it.each(['#6b7280', '#ABCDEF', '#000000', '#fFfFfF'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
    expect(hexColorProblem(value)).toBeNull();
  });

  it.each([
    '',
    '6b7280',
    '#6b728',
    '#6b72800',
    '#fff',
    '#ggg000',
    '# 6b7280',
    'rgb(1,2,3)',
    'blue',
    '##6b728',
  ])('refuses %j with the spec message', (value) => {
    expect(isHexColor(value)).toBe(false);
    expect(hexColorProblem(value)).toBe('Please enter a valid hex color');
  });

  it('uses the exact spec text', () => {
    expect(HEX_COLOR_MESSAGE).toBe('Please enter a valid hex color');
  });

  it('ignores surrounding spaces in the entry', () => {
    expect(hexColorProblem('  #123abc ')).toBeNull();
  });
});

describe('presets and defaults (spec 01 §2)', () => {
  it('has seven presets, Default Blue (AA with white text, reads as clickable) being the defaults', () => {
    expect(THEME_PRESETS.map((preset) => preset.name)).toEqual([
      'Default Blue',
      'Gray',
      'Emerald',
      'Rose',
      'Amber',
      'Purple',
      'Indigo',
    ]);
    expect(DEFAULT_THEME_COLORS).toEqual({ primary: '#2563eb', secondary: '#93c5fd' });
    expect(presetOf(DEFAULT_THEME_COLORS)?.name).toBe('Default Blue');
    expect(contrastRatio('#ffffff', DEFAULT_THEME_COLORS.primary)).toBeGreaterThanOrEqual(4.5);
    for (const preset of THEME_PRESETS) {
      expect(isHexColor(preset.primary) && isHexColor(preset.secondary)).toBe(true);
    }
  });

  it('makes a custom colour the primary with a lighter secondary', () => {
    const colors = colorsFromCustom('#1D4ED8');
    expect(colors.primary).toBe('#1d4ed8');
    expect(isHexColor(colors.secondary)).toBe(true);
    expect(contrastRatio(colors.secondary, '#ffffff')).toBeLessThan(contrastRatio(colors.primary, '#ffffff'));
  });
});

describe('readable contrast whatever the colour', () => {
  const colours = [
    ...THEME_PRESETS.map((preset) => preset.primary),
    '#ffffff',
    '#000000',
    '#ffff00',
    '#00ffff',
    '#7f7f7f',
  ];

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6b7280', '#ffffff')).toBeCloseTo(4.83, 2);
  });

  it.each(colours)('%s: button text 4.5:1, links 4.5:1, focus ring 3:1, in light and dark', (primary) => {
    const { light, dark } = themeColorTokens({ primary, secondary: '#9ca3af' });
    for (const tokens of [light, dark]) {
      expect(contrastRatio(tokens.onSolid, tokens.solid)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(light.text, '#f5f6f8')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light.ring, '#f5f6f8')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(dark.text, '#16191f')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark.ring, '#0e1014')).toBeGreaterThanOrEqual(3);
  });

  it('keeps a colour that already reads well as it is', () => {
    expect(themeColorTokens(DEFAULT_THEME_COLORS).light.solid).toBe('#2563eb');
  });

  it("matches styles.css's fallbacks (the colours before the customizer runs)", () => {
    const { light, dark } = themeColorTokens(DEFAULT_THEME_COLORS);
    expect(light.solid).toBe('#2563eb');
    expect(dark.solid).toBe('#2563eb');
  });
});

describe('storage and CSS variables', () => {
  it('reads only two valid colours from sieve-theme-colors', () => {
    localStorage.setItem('sieve-theme-colors', JSON.stringify({ primary: '#3B82F6', secondary: '#93c5fd' }));
    expect(readStoredThemeColors()).toEqual({ primary: '#3b82f6', secondary: '#93c5fd' });
    localStorage.setItem('sieve-theme-colors', JSON.stringify({ primary: 'red', secondary: '#93c5fd' }));
    expect(readStoredThemeColors()).toBeNull();
    localStorage.setItem('sieve-theme-colors', '{not json');
    expect(readStoredThemeColors()).toBeNull();
  });

  it('puts the colours on <html> for both themes', () => {
    applyThemeColors({ primary: '#3b82f6', secondary: '#93c5fd' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--sv-brand-primary')).toBe('#3b82f6');
    expect(style.getPropertyValue('--sv-brand-secondary')).toBe('#93c5fd');
    expect(style.getPropertyValue('--sv-brand-light-solid')).toMatch(/^#[0-9a-f]{6}$/);
    expect(style.getPropertyValue('--sv-brand-dark-ring')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
