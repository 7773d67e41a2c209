import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { loadHtml } from '../readers/html';
import { anthropicMessage, MODEL_ITEMS, startFakeLlm } from '../testing/fake-llm';
import { DATA_POINTS, REPORT_HTML_PAGES } from '../testing/fixtures';
import { AnthropicProvider } from './anthropic';

let fake: Awaited<ReturnType<typeof startFakeLlm>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('AnthropicProvider', () => {
  it('forces a tool whose input schema is the result schema, and maps its input', async () => {
    const items = [
      { ...MODEL_ITEMS[0], location: 'line 2' },
      { ...MODEL_ITEMS[1], source_text: 'Gross margin | 45%', location: 'line 3', confidence: 0.9 },
      { data_point: 'report_date', value: null, source_text: '', location: '', confidence: 0.7 },
    ];
    fake = await startFakeLlm([{ status: 200, body: anthropicMessage({ items }) }]);
    const provider = new AnthropicProvider({ apiKey: 'ak-test', baseUrl: fake.url, model: 'claude-test' });
    const doc = loadHtml(REPORT_HTML_PAGES['/highlights'], 'https://acme.example.com/highlights');
    const result = await provider.extract(doc, DATA_POINTS, { documentType: 'website' });

    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/messages');
    // This SDK generation sends the key as a bearer token (older ones used x-api-key).
    expect(`${request?.headers['x-api-key'] ?? ''} ${request?.headers.authorization ?? ''}`).toContain(
      'ak-test',
    );
    expect(request?.headers['anthropic-version']).toBeTruthy();
    const body = request?.body as {
      model: string;
      system: string;
      tools: { name: string; input_schema: Record<string, unknown> }[];
      tool_choice: unknown;
      messages: { content: { type: string; text?: string }[] }[];
    };
    expect(body.model).toBe('claude-test');
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'record_extraction' });
    expect(body.tools[0]?.name).toBe('record_extraction');
    expect(body.tools[0]?.input_schema).toMatchObject({ type: 'object', required: ['items'] });
    expect(body.system).toContain('Numbers fully expanded');
    const text = body.messages[0]?.content.find((c) => c.type === 'text')?.text ?? '';
    expect(text).toContain('[line 2] Total revenue: $1,234.5 million');
    expect(text).toContain('Source: https://acme.example.com/highlights');

    expect(result.provider).toBe('anthropic');
    expect(result.result.total_revenue).toMatchObject({
      value: 1234500000,
      location: 'line 2',
      source_text: 'Total revenue: $1,234.5 million',
      source_url: 'https://acme.example.com/highlights',
      confidence: 0.96,
    });
    // The quoted line is found in the document: the value is anchored to its box.
    expect(result.result.total_revenue?.anchor?.box).toHaveLength(4);
    expect(result.result.gross_margin?.value).toBe(0.45);
    expect(result.result.report_date).toEqual({
      value: null,
      location: '',
      source_text: '',
      source_url: null,
      confidence: 0.7,
    });
  });

  it('sends images as base64 image blocks', async () => {
    fake = await startFakeLlm([{ status: 200, body: anthropicMessage({ items: [] }) }]);
    const provider = new AnthropicProvider({ apiKey: 'ak-test', baseUrl: fake.url, model: 'claude-test' });
    const result = await provider.extract(
      { kind: 'image', lines: [], image: { mediaType: 'image/jpeg', base64: '/9j/4AAQ' } },
      ['total'],
      { documentType: 'receipt_mapping' },
    );
    const body = fake.requests[0]?.body as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' },
    });
    expect(result.result.total?.value).toBeNull();
    expect(result.confidence_score).toBe(-10);
  });

  it('asks again when the model does not use the tool, then fails readably', async () => {
    fake = await startFakeLlm([{ status: 200, body: anthropicMessage(null, false) }]);
    const provider = new AnthropicProvider({ apiKey: 'ak-test', baseUrl: fake.url, model: 'claude-test' });
    const error = await provider
      .extract({ kind: 'text', lines: [] }, ['x'], { documentType: 'pdf' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('The AI provider (anthropic) did not record an extraction');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a rate limit, then succeeds', async () => {
    fake = await startFakeLlm([
      {
        status: 429,
        body: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
        headers: { 'retry-after-ms': '10' },
      },
      { status: 200, body: anthropicMessage({ items: MODEL_ITEMS }) },
    ]);
    const provider = new AnthropicProvider({ apiKey: 'ak-test', baseUrl: fake.url, model: 'claude-test' });
    const result = await provider.extract({ kind: 'text', lines: [] }, ['gross_margin'], {
      documentType: 'pdf',
    });
    expect(fake.requests).toHaveLength(2);
    expect(result.result.gross_margin?.value).toBe(0.45);
  });
});
