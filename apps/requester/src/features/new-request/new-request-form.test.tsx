import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, signIn } from '../testing/mock-api';
import NewRequestForm from './new-request-form';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const typeSelect = () => screen.getByRole('combobox', { name: 'Document Type' });
const submit = () => screen.getByRole('button', { name: 'Submit Request' });
const choose = (type: string) => fireEvent.change(typeSelect(), { target: { value: type } });

describe('NewRequestForm', () => {
  it('keeps Submit disabled until a document type is chosen, with medium priority', () => {
    render(<NewRequestForm onSubmitted={() => {}} />);
    expect(submit().hasAttribute('disabled')).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe('medium');
    choose('pdf');
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('reveals the fields of the chosen type', () => {
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('pdf');
    expect(screen.getByRole('tab', { name: 'URL' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    expect(screen.getByLabelText('File').getAttribute('accept')).toBe('.pdf');
    choose('excel');
    expect(screen.getByLabelText('File').getAttribute('accept')).toBe('.xlsx,.xls');
    choose('sec');
    expect(screen.queryByRole('tab')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Filing Type' }) as HTMLSelectElement).value).toBe('10-K');
    choose('website');
    expect((screen.getByRole('spinbutton', { name: 'Max Pages' }) as HTMLInputElement).value).toBe('10');
    expect(screen.getByRole('checkbox', { name: 'Include subdomains' })).toBeTruthy();
    choose('csv');
    expect(screen.getByRole('textbox', { name: 'Columns' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'The first row holds the column headers' })).toBeTruthy();
    choose('custom_prompt');
    expect(screen.getByRole('textbox', { name: /Custom Prompt/ })).toBeTruthy();
  });

  it('checks a URL 500 ms after typing stops, once longer than 5 characters', () => {
    vi.useFakeTimers();
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('pdf');
    const url = screen.getByRole('textbox', { name: 'Document URL' });
    fireEvent.change(url, { target: { value: 'ftp:/' } });
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('URL must start with http:// or https://')).toBeNull();
    fireEvent.change(url, { target: { value: 'ftp://example.com' } });
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('URL must start with http:// or https://')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('URL must start with http:// or https://')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://example.com/a.pdf' } });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Valid URL format')).toBeTruthy();
  });

  it('refuses a file over 10 MB', () => {
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('pdf');
    fireEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [big] } });
    expect(screen.getByText('File size must be less than 10MB')).toBeTruthy();
  });

  it('forces the ticker to uppercase and lets a fiscal period or a date be chosen, not both', () => {
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('sec');
    const ticker = screen.getByRole('textbox', { name: 'Ticker' }) as HTMLInputElement;
    fireEvent.change(ticker, { target: { value: 'msft' } });
    expect(ticker.value).toBe('MSFT');
    const period = screen.getByRole('textbox', { name: 'Fiscal Period' }) as HTMLInputElement;
    const date = screen.getByLabelText('Effective Date') as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2024-03-05' } });
    expect(period.disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Search Direction' }) as HTMLSelectElement).disabled).toBe(
      false,
    );
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.change(period, { target: { value: 'FY2023' } });
    expect(date.disabled).toBe(true);
    expect(date.value).toBe('');
  });

  it('adds data points one at a time: trimmed, blank ignored, no commas', () => {
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('pdf');
    const input = screen.getByRole('textbox', { name: 'Data Points' });
    fireEvent.change(input, { target: { value: '  Total revenue  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add data point' }));
    fireEvent.change(input, { target: { value: 'Revenue, margin' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Data points cannot contain commas')).toBeTruthy();
    const added = screen.getByRole('list', { name: 'Data Points added' });
    expect(added.textContent).toBe('Total revenue');
    fireEvent.click(screen.getByRole('button', { name: 'Remove data point Total revenue' }));
    expect(screen.queryByRole('list', { name: 'Data Points added' })).toBeNull();
  });

  it('shows what is missing on submit and sends nothing', () => {
    const fetchMock = mockApi({});
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('custom_prompt');
    fireEvent.click(submit());
    expect(screen.getByText('Custom prompt text is required')).toBeTruthy();
    // Only the template list is read (DESIGN §13); nothing is submitted.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
  });

  it('uploads the file, creates the request, resets and reports success', async () => {
    const onSubmitted = vi.fn();
    const fetchMock = mockApi({
      'POST /api/v1/files': () =>
        json(
          {
            file_id: 'f-1',
            file_url: '/api/v1/files/f-1',
            filename: 'q3.pdf',
            content_type: 'application/pdf',
            size: 3,
          },
          201,
        ),
      'POST /api/v1/requests': () =>
        json({ request_id: 'r-123456789', job_id: 'r-123456789', status: 'pending' }, 201),
    });
    render(<NewRequestForm onSubmitted={onSubmitted} />);
    choose('pdf');
    fireEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    fireEvent.change(screen.getByLabelText('File'), {
      target: { files: [new File(['%PDF'], 'q3.pdf', { type: 'application/pdf' })] },
    });
    const input = screen.getByRole('textbox', { name: 'Data Points' });
    fireEvent.change(input, { target: { value: 'Total revenue' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'AI only (faster, no human review)' }));
    fireEvent.click(submit());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('r-123456789'));
    const create = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/requests');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      document_type: 'pdf',
      priority: 'medium',
      metadata: {
        data_points: ['Total revenue'],
        ai_only_mode: true,
        file_id: 'f-1',
        file_url: '/api/v1/files/f-1',
        filename: 'q3.pdf',
        content_type: 'application/pdf',
      },
    });
    const upload = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/files');
    const sent = upload?.[1]?.body;
    expect(sent instanceof FormData && sent.get('document_type')).toBe('pdf');
    // reset
    expect((typeSelect() as HTMLSelectElement).value).toBe('');
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's usage-limit message", async () => {
    const detail =
      "You have used all 10 requests of your Free plan's daily limit. Upgrade your plan or try again later.";
    mockApi({ 'POST /api/v1/requests': () => json({ code: 'USAGE_LIMIT_EXCEEDED', detail }, 429) });
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('custom_prompt');
    fireEvent.change(screen.getByRole('textbox', { name: /Custom Prompt/ }), {
      target: { value: 'List fees' },
    });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it("puts the server's field errors on their fields", async () => {
    mockApi({
      'POST /api/v1/requests': () =>
        json(
          {
            code: 'INVALID_INPUT',
            detail: 'Please check your input and try again (metadata.ticker).',
            fields: { 'metadata.ticker': 'Unknown ticker' },
          },
          400,
        ),
    });
    render(<NewRequestForm onSubmitted={() => {}} />);
    choose('sec');
    fireEvent.change(screen.getByRole('textbox', { name: 'Ticker' }), { target: { value: 'ZZZZ' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Unknown ticker')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ticker' }).getAttribute('aria-invalid')).toBe('true');
  });
});
