import { describe, expect, it } from 'vitest';
import { previewTargetOf } from './preview-target';

describe('previewTargetOf', () => {
  it('takes the value, its source text, location and anchor box', () => {
    const anchor = { page: 2, box: [0.1, 0.2, 0.3, 0.25], row_label: 'Total revenue' };
    expect(
      previewTargetOf(
        { value: 1234.5, source_text: 'Total revenue 1,234.5', location: 'page 2', anchor },
        'k1',
      ),
    ).toEqual({
      key: 'k1',
      anchor,
      value: 1234.5,
      valueText: '1234.5',
      sourceText: 'Total revenue 1,234.5',
      location: 'page 2',
    });
  });

  it('drops an anchor without a page and a four-number box, and reads a bare value', () => {
    expect(previewTargetOf({ value: 'x', anchor: { page: 1, box: [0, 0] } }, 'k').anchor).toBeNull();
    expect(previewTargetOf('42%', 'k')).toMatchObject({ value: '42%', valueText: '42%', anchor: null });
  });
});
