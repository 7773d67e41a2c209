import type { ExtractionProvider } from '../model/types';
import { AnthropicProvider } from './anthropic';
import { HeuristicProvider } from './heuristic';
import type { LlmProviderOptions } from './llm-common';
import { OpenAiProvider } from './openai';

export interface ProviderConfig {
  /** EXTRACTION_PROVIDER */
  provider: 'heuristic' | 'openai' | 'anthropic';
  openai?: LlmProviderOptions;
  anthropic?: LlmProviderOptions;
}

/** The provider EXTRACTION_PROVIDER selects; `config.extraction` from config.ts fits as is. */
export function createProvider(config: ProviderConfig): ExtractionProvider {
  switch (config.provider) {
    case 'openai':
      if (!config.openai)
        throw new Error('EXTRACTION_PROVIDER=openai needs the openai settings (OPENAI_MODEL, …)');
      if (!config.openai.apiKey && !config.openai.baseUrl) {
        throw new Error(
          'EXTRACTION_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)',
        );
      }
      return new OpenAiProvider(config.openai);
    case 'anthropic':
      if (!config.anthropic?.apiKey && !config.anthropic?.baseUrl) {
        throw new Error('EXTRACTION_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
      }
      return new AnthropicProvider(config.anthropic);
    default:
      return new HeuristicProvider();
  }
}

export type { LlmProviderOptions };
export { AnthropicProvider, HeuristicProvider, OpenAiProvider };
