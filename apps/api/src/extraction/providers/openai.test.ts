import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { loadPdf } from '../readers/pdf';
import { MODEL_ITEMS, openAiCompletion, startFakeLlm } from '../testing/fake-llm';
import { DATA_POINTS, makeReportPdf } from '../testing/fixtures';
import { OpenAiProvider } from './openai';

let fake: Awaited<ReturnType<typeof startFakeLlm>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const options = { documentType: 'pdf' };

describe('OpenAiProvider', () => {
  it('sends the document with line markers and a strict JSON schema, and maps the answer', async () => {
    fake = await startFakeLlm([
      { status: 200, body: openAiCompletion(JSON.stringify({ items: MODEL_ITEMS })) },
    ]);
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.url, model: 'gpt-test' });
    const doc = await loadPdf(await makeReportPdf());
    const result = await provider.extract(doc, DATA_POINTS, options);

    const [request] = fake.requests;
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const body = request?.body as {
      model: string;
      messages: { role: string; content: string | { type: string; text?: string }[] }[];
      response_format: {
        type: string;
        json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
      };
    };
    expect(body.model).toBe('gpt-test');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(JSON.stringify(body.response_format.json_schema.schema)).toContain(
      '"enum":["total_revenue","gross_margin","report_date"]',
    );
    const system = body.messages[0]?.content as string;
    expect(system).toContain('Percentages as decimals');
    expect(system).toContain('Dates as YYYYMMDD');
    const user = body.messages[1]?.content as { type: string; text: string }[];
    expect(user[0]?.text).toContain('[page 2, line 3] Total revenue: $1,234.5 million');
    expect(user[0]?.text).toContain('[page 1, line 1] Acme Corporation');

    expect(result.provider).toBe('openai');
    expect(result.model).toBe('gpt-test');
    expect(result.result.total_revenue).toMatchObject({
      value: 1234500000,
      location: 'page 2, line 3',
      source_text: 'Total revenue: $1,234.5 million',
      source_url: null,
      confidence: 0.96,
    });
    // The quoted line is found in the document: the value is anchored to its box.
    expect(result.result.total_revenue?.anchor?.box).toHaveLength(4);
    // Confidence clamped to 0..1.
    expect(result.result.gross_margin).toMatchObject({ value: 0.45, confidence: 1 });
    // A quote that is not in the document lowers the confidence.
    expect(result.result.report_date?.value).toBe('20240305');
    expect(result.result.report_date?.confidence).toBe(0.54);
    expect(result.confidence_score).toBeCloseTo(Math.log(0.54), 4);
  });

  it('retries a server error (SDK backoff) and then succeeds', async () => {
    fake = await startFakeLlm([
      { status: 500, body: { error: { message: 'overloaded' } }, headers: { 'retry-after-ms': '10' } },
      { status: 200, body: openAiCompletion(JSON.stringify({ items: MODEL_ITEMS })) },
    ]);
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.url, model: 'gpt-test' });
    const result = await provider.extract({ kind: 'text', lines: [] }, ['total_revenue'], options);
    expect(fake.requests).toHaveLength(2);
    expect(result.result.total_revenue?.value).toBe(1234500000);
  });

  it('asks once more after an unreadable answer, then fails readably', async () => {
    fake = await startFakeLlm([{ status: 200, body: openAiCompletion('not json at all') }]);
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.url, model: 'gpt-test' });
    const error = await provider
      .extract({ kind: 'text', lines: [] }, ['x'], options)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe(
      'The AI provider (openai) answered with something that is not JSON',
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('reports an authentication failure as not retryable', async () => {
    fake = await startFakeLlm([{ status: 401, body: { error: { message: 'Incorrect API key provided' } } }]);
    const provider = new OpenAiProvider({
      apiKey: 'sk-bad',
      baseUrl: fake.url,
      model: 'gpt-test',
      maxRetries: 0,
    });
    const error = (await provider
      .extract({ kind: 'text', lines: [] }, ['x'], options)
      .catch((e: unknown) => e)) as ProviderError;
    expect(error.message).toContain('The AI provider (openai) failed: HTTP 401');
    expect(error.retryable).toBe(false);
  });

  it('sends images as data URLs and extracts everything when no data points are given', async () => {
    fake = await startFakeLlm([
      {
        status: 200,
        body: openAiCompletion(
          JSON.stringify({
            items: [
              {
                data_point: 'amount_due',
                value: '$12.50',
                source_text: '',
                location: 'image',
                confidence: 0.8,
              },
            ],
          }),
        ),
      },
    ]);
    const provider = new OpenAiProvider({ apiKey: 'sk-test', baseUrl: fake.url, model: 'gpt-test' });
    const result = await provider.extract(
      { kind: 'image', lines: [], image: { mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
      [],
      {
        documentType: 'receipt_mapping',
        customPrompt: 'Only the total.',
        examples: ['Amount due: the value labelled "Please pay", after it (2 reviews)'],
      },
    );
    const body = fake.requests[0]?.body as {
      messages: { content: unknown }[];
      response_format: { json_schema: { schema: unknown } };
    };
    expect(JSON.stringify(body.messages[1]?.content)).toContain('data:image/png;base64,iVBORw0KGgo=');
    expect(JSON.stringify(body.messages[0]?.content)).toContain('Only the total.');
    // DESIGN §14: what reviewers taught about this source, as examples.
    expect(JSON.stringify(body.messages[0]?.content)).toContain('the value labelled \\"Please pay\\"');
    expect(JSON.stringify(body.response_format.json_schema.schema)).not.toContain('enum');
    expect(result.result).toEqual({
      amount_due: { value: 12.5, location: 'image', source_text: '', source_url: null, confidence: 0.8 },
    });
  });
});
