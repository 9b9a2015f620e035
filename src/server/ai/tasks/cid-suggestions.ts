import { searchCid10 } from '@clinical/cid10/search';
import type { CidSuggestion } from '@shared/ai/tasks';
import type { OfflineEngine } from '../ai-task';

/** The catalogue's best matches as CID suggestions, relevance (0–100) as confidence (0–1). */
export function cidSuggestions(
  engine: OfflineEngine,
  text: string,
  limit: number,
): CidSuggestion[] {
  return searchCid10(engine.cid10, text.slice(0, 2_000), limit).map((result) => ({
    code: result.code,
    description: result.description,
    category: result.category,
    confidence: Math.round(result.relevance) / 100,
  }));
}
