import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageBar, usagePercent, usageTone } from './usage-bar';

describe('usageTone (spec 02 §9: yellow above 80 %, red at 100 %)', () => {
  it.each([
    [0, 10, 'normal'],
    [8, 10, 'normal'],
    [80, 100, 'normal'],
    [81, 100, 'warning'],
    [9, 10, 'warning'],
    [99, 100, 'warning'],
    [10, 10, 'full'],
    [12, 10, 'full'],
  ] as const)('%i of %i is %s', (used, limit, tone) => {
    expect(usageTone(used, limit)).toBe(tone);
  });

  it('treats a zero limit as full once anything is used', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usageTone(0, 0)).toBe('normal');
    expect(usageTone(1, 0)).toBe('full');
  });
});

describe('UsageBar', () => {
  it('names the period, shows the figures and says the state in words', () => {
    render(<UsageBar label="Daily" used={9} limit={10} />);
    const bar = screen.getByRole('progressbar', { name: 'Daily' });
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
    expect(bar.getAttribute('aria-valuetext')).toBe('9 of 10 requests used (90%), approaching limit');
    expect(screen.getByText('9 / 10 requests')).toBeTruthy();
    expect(screen.getByText('Approaching limit')).toBeTruthy();
    expect(bar.closest('[data-tone]')?.getAttribute('data-tone')).toBe('warning');
  });

  it('caps the fill at 100 % and says the limit is reached', () => {
    const { container } = render(<UsageBar label="Monthly" used={120} limit={100} />);
    expect(screen.getByText('Limit reached')).toBeTruthy();
    const fill = container.querySelector<HTMLElement>('.sv-usage__fill');
    expect(fill?.style.width).toBe('100%');
  });
});
