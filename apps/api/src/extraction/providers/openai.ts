import OpenAI from 'openai';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
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
  toResult,
  UnusableAnswerError,
  userPrompt,
  withAnswerRetry,
} from './llm-common';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * OpenAI, or any OpenAI-compatible endpoint (local servers included), with Structured Outputs:
 * `response_format: json_schema` in strict mode. Images go along as data URLs.
 */
export class OpenAiProvider implements ExtractionProvider {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: LlmProviderOptions) {
    this.client = new OpenAI({
      // Explicit values so the SDK never falls back to reading the environment (config.ts does that).
      apiKey: options.apiKey || 'not-needed-for-this-endpoint',
      baseURL: options.baseUrl || DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 3,
      timeout: options.timeoutMs ?? 120_000,
      organization: null,
      project: null,
    });
  }

  async extract(
    doc: ExtractedDocument,
    dataPoints: string[],
    options: ExtractionOptions,
  ): Promise<ExtractionResult> {
    const text = userPrompt(doc, dataPoints, this.options.maxInputChars);
    const content: ChatCompletionContentPart[] = [{ type: 'text', text }];
    if (doc.image) {
      content.push({
        type: 'image_url',
        image_url: { url: `data:${doc.image.mediaType};base64,${doc.image.base64}` },
      });
    }
    const answer = await withAnswerRetry(async () => {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await this.client.chat.completions.create(
          {
            model: this.options.model,
            messages: [
              {
                role: 'system',
                content: systemPrompt(options.documentType, options.customPrompt, options.examples),
              },
              { role: 'user', content },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'extraction_result', strict: true, schema: resultSchema(dataPoints) },
            },
          },
          options.signal ? { signal: options.signal } : {},
        );
      } catch (error) {
        throw providerFailure(this.name, error);
      }
      const message = completion.choices[0]?.message;
      if (message?.refusal)
        throw new UnusableAnswerError(`The AI provider (openai) refused: ${message.refusal}`);
      return parseAnswer(message?.content ?? '', this.name);
    });
    return toResult(answer, dataPoints, doc, this.name, this.options.model);
  }
}
