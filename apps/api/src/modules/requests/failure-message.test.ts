import { describe, expect, it } from 'vitest';
import { FetchFailedError } from '../../extraction';
import { plainFetchFailure, readableFailure, unreadableReason } from './failure-message';

describe('failure messages a requester understands (issue 40)', () => {
  it('says which site could not be reached and what for', () => {
    expect(
      readableFailure(
        new FetchFailedError(
          'Could not fetch https://www.sec.gov/files/company_tickers.json: host www.sec.gov not found',
        ),
      ),
    ).toBe('We could not reach sec.gov to look up the ticker. Please check the address or try again later.');
    expect(plainFetchFailure('Could not fetch https://acme.example/report: connection refused')).toBe(
      'We could not reach acme.example to fetch the document. Please check the address or try again later.',
    );
    expect(
      plainFetchFailure(
        'Could not fetch https://data.sec.gov/submissions/CIK0000320193.json: the server answered HTTP 503',
      ),
    ).toBe(
      "sec.gov answered with an error (HTTP 503) when we tried to find the company's filings. Please try again later.",
    );
    expect(plainFetchFailure('Could not fetch https://acme.example/: timed out after 20000 ms')).toMatch(
      /^acme\.example took too long to answer/,
    );
  });

  it('keeps other extraction messages, and hides internals', () => {
    expect(plainFetchFailure('Something else')).toBeNull();
    expect(readableFailure(new Error('ECONNRESET at socket 12'))).toMatch(
      /^Extraction failed after several attempts/,
    );
  });

  it('fails a result with no value and a note saying why, and only that', () => {
    const note = 'The image has no text that could be read (it may be blank, too blurred or too small)';
    expect(unreadableReason({ result: { Total: { value: null }, Date: { value: '' } }, notes: [note] })).toBe(
      `We could not read the document: ${note}.`,
    );
    expect(
      unreadableReason({ result: { Total: { value: 12 }, Date: { value: null } }, notes: [note] }),
    ).toBeNull();
    expect(unreadableReason({ result: { Total: { value: null } } })).toBeNull();
    // A note on something other than reading does not say the document was unreadable.
    const prompt = 'The custom prompt was not followed: custom prompts need an AI provider';
    expect(unreadableReason({ result: { Total: { value: null } }, notes: [prompt] })).toBe(
      `No values could be extracted: ${prompt}.`,
    );
  });
});
