import Anthropic from '@anthropic-ai/sdk';
import type {
  ExtractedDocument,
  ExtractionOptions,
  ExtractionProvider,
  ExtractionResult,
} from '../model/types';
import {
  type LlmProviderOptions,
  parseAnswer,
  providerFailure,
  resultSchema,
  systemPrompt,
  TOOL_NAME,
  toResult,
  UnusableAnswerError,
  userPrompt,
  withAnswerRetry,
} from './llm-common';

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/**
 * Anthropic's Messages API with structured output by tool use: one tool whose input_schema is
 * the result schema, and tool_choice forcing it. Images go along as base64 image blocks.
 */
export class AnthropicProvider implements ExtractionProvider {
  readonly name = 'anthropic';
  private readonly client: Anthropic;

  constructor(private readonly options: LlmProviderOptions & { maxTokens?: number }) {
    this.client = new Anthropic({
      // Explicit values so the SDK never falls back to reading the environment (config.ts does that).
      apiKey: options.apiKey || 'not-needed-for-this-endpoint',
      authToken: null,
      baseURL: options.baseUrl || DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 3,
      timeout: options.timeoutMs ?? 120_000,
    });
  }

  async extract(
    doc: ExtractedDocument,
    dataPoints: string[],
    options: ExtractionOptions,
  ): Promise<ExtractionResult> {
    const content: Anthropic.ContentBlockParam[] = [];
    if (doc.image) {
      content.push({
        type: 'image',
        source: { type: 'base64', media_type: doc.image.mediaType as ImageMediaType, data: doc.image.base64 },
      });
    }
    content.push({ type: 'text', text: userPrompt(doc, dataPoints, this.options.maxInputChars) });
    const answer = await withAnswerRetry(async () => {
      let message: Anthropic.Message;
      try {
        message = await this.client.messages.create(
          {
            model: this.options.model,
            max_tokens: this.options.maxTokens ?? 8192,
            system: systemPrompt(options.documentType, options.customPrompt, options.examples),
            messages: [{ role: 'user', content }],
            tools: [
              {
                name: TOOL_NAME,
                description: 'Record the values extracted from the document, one item per data point.',
                input_schema: resultSchema(dataPoints) as Anthropic.Tool.InputSchema,
              },
            ],
            tool_choice: { type: 'tool', name: TOOL_NAME },
          },
          options.signal ? { signal: options.signal } : {},
        );
      } catch (error) {
        throw providerFailure(this.name, error);
      }
      const call = message.content.find((block) => block.type === 'tool_use' && block.name === TOOL_NAME);
      if (call?.type !== 'tool_use') {
        throw new UnusableAnswerError('The AI provider (anthropic) did not record an extraction');
      }
      return parseAnswer(call.input, this.name);
    });
    return toResult(answer, dataPoints, doc, this.name, this.options.model);
  }
}
