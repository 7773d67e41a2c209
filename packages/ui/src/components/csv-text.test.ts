import { describe, expect, it } from 'vitest';
import { csvHasDataRows, csvHeaderCells, filenameFromDisposition } from './csv-text';

describe('csvHasDataRows', () => {
  it('is false for nothing, a bare header, or a header and blank lines', () => {
    expect(csvHasDataRows('')).toBe(false);
    expect(csvHasDataRows('worker_id,email')).toBe(false);
    expect(csvHasDataRows('worker_id,email\r\n')).toBe(false);
    expect(csvHasDataRows('worker_id,email\n\n  \n')).toBe(false);
  });

  it('is true once a record follows the header', () => {
    expect(csvHasDataRows('worker_id,email\r\nw1,a@b.org\r\n')).toBe(true);
    expect(csvHasDataRows('worker_id,email\nw1,a@b.org')).toBe(true);
  });

  it('does not mistake a line break inside a quoted header cell for the end of the header', () => {
    expect(csvHasDataRows('"multi\nline",b\r\n')).toBe(false);
    expect(csvHasDataRows('"multi\nline",b\r\n1,2\r\n')).toBe(true);
  });
});

describe('csvHeaderCells', () => {
  it('splits the first record, unquoting cells and ignoring a byte-order mark', () => {
    expect(csvHeaderCells('\uFEFFrequest_id,"requester, email","say ""hi"""\r\n1,2,3')).toEqual([
      'request_id',
      'requester, email',
      'say "hi"',
    ]);
    expect(csvHeaderCells('')).toEqual([]);
  });
});

describe('filenameFromDisposition', () => {
  it('reads the quoted, bare and RFC 5987 forms', () => {
    expect(filenameFromDisposition('attachment; filename="sieve-workers-2025-01-02.csv"', 'x.csv')).toBe(
      'sieve-workers-2025-01-02.csv',
    );
    expect(filenameFromDisposition('attachment; filename=report.csv', 'x.csv')).toBe('report.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'x.csv')).toBe(
      'résumé.csv',
    );
  });

  it('falls back when there is no name, and never returns a path', () => {
    expect(filenameFromDisposition(null, 'fallback.csv')).toBe('fallback.csv');
    expect(filenameFromDisposition('attachment', 'fallback.csv')).toBe('fallback.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'f.csv')).toBe(
      '.._.._etc_passwd',
    );
  });
});
