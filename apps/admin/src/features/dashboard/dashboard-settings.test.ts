import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_STORAGE_KEY } from './dashboard-settings';
import { shortcutFor } from './shortcuts';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === SETTINGS_STORAGE_KEY ? value : null),
});

describe('readSettings', () => {
  it('defaults to polling and 20 rows per page', () => {
    expect(readSettings(storageWith(null))).toEqual({ isAutoRefresh: true, pageSize: 20 });
    expect(DEFAULT_SETTINGS.pageSize).toBe(20);
  });

  it('keeps valid stored values and ignores broken ones', () => {
    expect(readSettings(storageWith('{"isAutoRefresh":false,"pageSize":50}'))).toEqual({
      isAutoRefresh: false,
      pageSize: 50,
    });
    expect(readSettings(storageWith('{"isAutoRefresh":"no","pageSize":33}'))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(storageWith('not json'))).toEqual(DEFAULT_SETTINGS);
  });
});

describe('shortcutFor (spec 02 §9: Ctrl/Cmd+K and Ctrl/Cmd+R)', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  ) => shortcutFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

  it('maps Ctrl or Cmd with K and R', () => {
    expect(key('k', { ctrlKey: true })).toBe('search');
    expect(key('K', { metaKey: true })).toBe('search');
    expect(key('r', { ctrlKey: true })).toBe('refresh');
    expect(key('r', { metaKey: true })).toBe('refresh');
  });

  it('leaves other keys, plain letters and Shift or Alt chords to the browser', () => {
    expect(key('r')).toBeNull();
    expect(key('r', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(key('n', { ctrlKey: true })).toBeNull();
  });
});
