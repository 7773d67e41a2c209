import { describe, expect, it } from 'vitest';
import { createProvider } from './index';

describe('createProvider', () => {
  it('selects the provider EXTRACTION_PROVIDER names', () => {
    expect(createProvider({ provider: 'heuristic' }).name).toBe('heuristic');
    expect(createProvider({ provider: 'openai', openai: { apiKey: 'k', model: 'gpt-4o-mini' } }).name).toBe(
      'openai',
    );
    expect(
      createProvider({ provider: 'openai', openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama' } })
        .name,
    ).toBe('openai');
    expect(createProvider({ provider: 'anthropic', anthropic: { apiKey: 'k', model: 'claude' } }).name).toBe(
      'anthropic',
    );
  });

  it('names the missing setting', () => {
    expect(() => createProvider({ provider: 'openai', openai: { model: 'gpt-4o-mini' } })).toThrow(
      'OPENAI_API_KEY',
    );
    expect(() => createProvider({ provider: 'anthropic', anthropic: { model: 'claude' } })).toThrow(
      'ANTHROPIC_API_KEY',
    );
  });
});
