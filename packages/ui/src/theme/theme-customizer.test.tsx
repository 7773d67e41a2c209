import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeCustomizer } from './theme-customizer';
import { ThemeProvider } from './theme-provider';

function openCustomizer() {
  render(
    <ThemeProvider>
      <ThemeCustomizer />
    </ThemeProvider>,
  );
  const button = screen.getByRole('button', { name: 'Customize theme' });
  button.focus(); // as a real click does
  fireEvent.click(button);
  return screen.getByRole('dialog', { name: 'Theme Customizer' });
}

const stored = () => JSON.parse(localStorage.getItem('sieve-theme-colors') ?? 'null');
const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('ThemeCustomizer', () => {
  it('starts on the defaults and lists the seven presets', () => {
    const dialog = openCustomizer();
    const presets = within(dialog)
      .getAllByRole('button', { pressed: undefined })
      .filter((button) => button.hasAttribute('aria-pressed'));
    expect(presets.map((button) => button.textContent)).toEqual([
      'Default Blue',
      'Gray',
      'Emerald',
      'Rose',
      'Amber',
      'Purple',
      'Indigo',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Default Blue' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(cssVar('--sv-brand-primary')).toBe('#2563eb');
    expect(within(dialog).getByText('#93c5fd')).toBeTruthy();
  });

  it('applies a preset at once and keeps it', () => {
    const dialog = openCustomizer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emerald' }));
    expect(stored()).toEqual({ primary: '#10b981', secondary: '#6ee7b7' });
    expect(cssVar('--sv-brand-primary')).toBe('#10b981');
    expect(within(dialog).getByRole('button', { name: 'Emerald' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses an invalid custom colour with the message and a disabled Apply', () => {
    const dialog = openCustomizer();
    const entry = within(dialog).getByLabelText('Hex color');
    const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(false);
    for (const value of ['#12345', '123456', '#12345g', '']) {
      fireEvent.change(entry, { target: { value } });
      expect(within(dialog).getByText('Please enter a valid hex color')).toBeTruthy();
      expect(apply.disabled).toBe(true);
    }
    fireEvent.submit(apply.closest('form')!);
    expect(stored()).toBeNull();
  });

  it('applies a valid custom colour and keeps it', () => {
    const dialog = openCustomizer();
    fireEvent.change(within(dialog).getByLabelText('Hex color'), { target: { value: '#0E7490' } });
    expect(within(dialog).queryByText('Please enter a valid hex color')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(stored().primary).toBe('#0e7490');
    expect(cssVar('--sv-brand-primary')).toBe('#0e7490');
    expect(within(dialog).getByText('Custom colors.', { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(stored()).toEqual({ primary: '#2563eb', secondary: '#93c5fd' });
  });

  it('restores stored colours on the next start', () => {
    localStorage.setItem('sieve-theme-colors', JSON.stringify({ primary: '#f43f5e', secondary: '#fda4af' }));
    const dialog = openCustomizer();
    expect(cssVar('--sv-brand-primary')).toBe('#f43f5e');
    expect(within(dialog).getByRole('button', { name: 'Rose' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closes with Escape or Done and gives focus back to its button', () => {
    const dialog = openCustomizer();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Customize theme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Customize theme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
