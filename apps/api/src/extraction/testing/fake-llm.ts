import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type FakeReply = { status: number; body: unknown; headers?: Record<string, string> };

/** A local stand-in for an LLM API: records each request and answers from a queue of replies. */
export async function startFakeLlm(replies: FakeReply[]) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      const reply = replies.length > 1 ? (replies.shift() as FakeReply) : replies[0];
      res.writeHead(reply?.status ?? 500, { 'content-type': 'application/json', ...reply?.headers });
      res.end(JSON.stringify(reply?.body ?? { error: 'no reply queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a good model answers for the report fixtures (values still in document wording). */
export const MODEL_ITEMS = [
  {
    data_point: 'total_revenue',
    value: '$1,234.5 million',
    source_text: 'Total revenue: $1,234.5 million',
    location: 'page 2, line 3',
    confidence: 0.96,
  },
  {
    data_point: 'gross_margin',
    value: 0.45,
    source_text: 'Gross margin: 45%',
    location: 'page 2, line 4',
    confidence: 1.4,
  },
  {
    data_point: 'report_date',
    value: '20240305',
    source_text: 'Report date: 5 March 2024 (invented)',
    location: 'page 2, line 5',
    confidence: 0.9,
  },
];

export function openAiCompletion(content: string, refusal: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-test',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export function anthropicMessage(input: unknown, withTool = true) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: withTool
      ? [{ type: 'tool_use', id: 'toolu_1', name: 'record_extraction', input }]
      : [{ type: 'text', text: 'I cannot help with that.' }],
    stop_reason: withTool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}
