import {
  cidSearchAnswerSchema,
  cidSearchRequestSchema,
  type CidSuggestion,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { cidSuggestions } from './cid-suggestions';
import { system } from './prompt';

export const cidSearchTask: AiTask<{ text: string }, { results: CidSuggestion[] }> = {
  path: 'cid-search',
  request: cidSearchRequestSchema,
  answer: cidSearchAnswerSchema,
  system: system(
    'Liste os códigos CID-10 (com ponto, ex.: J45.9) que correspondem ao texto, do mais ao menos provável, no máximo 10.',
    '{"results": [{"code": "...", "description": "...", "category": "...", "confidence": 0.0}]}',
  ),
  prompt: ({ text }) => text,
  offline: ({ text }, engine) => ({ results: cidSuggestions(engine, text, 10) }),
  fallback: () => ({ results: [] }),
};
