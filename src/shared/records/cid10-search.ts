import { z } from 'zod';

/** docs/product.md, "Busca CID-10": a CID search shows at most 10 results. */
export const CID10_SEARCH_MAX_RESULTS = 10;
/** Longest query accepted: a description pasted whole fits; anything longer is not a search. */
export const CID10_QUERY_MAX_LENGTH = 200;

/** The sexes a CID search can be narrowed to (a record's 'outro' narrows nothing). */
export const CID10_PATIENT_SEXES = ['masculino', 'feminino'] as const;

/** Query of `GET /api/cid10/search`. */
export const cid10SearchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'informe o código ou a descrição do CID a buscar' })
    .trim()
    .refine((q) => q.length > 0, { error: 'informe o código ou a descrição do CID a buscar' })
    .refine((q) => q.length <= CID10_QUERY_MAX_LENGTH, {
      error: `a busca deve ter no máximo ${CID10_QUERY_MAX_LENGTH} caracteres`,
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CID10_SEARCH_MAX_RESULTS)
    .default(CID10_SEARCH_MAX_RESULTS),
  /** The patient's sex: codes restricted to the other one are offered only when typed. */
  sex: z.enum(CID10_PATIENT_SEXES).optional(),
  /** The patient's age in years: past the age of a pregnancy, its codes are offered only when typed. */
  age: z.coerce.number().int().min(0).max(150).optional(),
});

export type Cid10SearchQuery = z.infer<typeof cid10SearchQuerySchema>;

/** One result of `GET /api/cid10/search`, best first. */
export interface Cid10SearchResult {
  /** With the dot: 'M54.5'; a category without subcategories keeps 3 characters: 'I10'. */
  code: string;
  /** The official description. */
  description: string;
  /** The three-character category's description: 'Dorsalgia' (always a string). */
  category: string;
  /** And its code: 'M54'. */
  categoryCode: string;
  /** The chapter: { number: 13, title: 'Doenças do sistema osteomuscular e do tecido conjuntivo' }. */
  chapter: { number: number; title: string };
  /** How well the code matches the query, 0–100 (percent). */
  relevance: number;
  /**
   * The only sex the code applies to (the official RESTRSEXO; pregnancy codes are 'feminino');
   * absent when it applies to anyone.
   */
  restrictedTo?: 'feminino' | 'masculino';
}

/** The answer of `GET /api/cid10/search`. */
export interface Cid10SearchResponse {
  results: Cid10SearchResult[];
}

/** How a CID result reads in a list: its own code and description, then its category. */
export interface Cid10ResultHeading {
  /** 'J18.9 Pneumonia não especificada' */
  title: string;
  /** 'Categoria J18 — Pneumonia por microorganismo não especificada'; none for a category itself. */
  category?: string;
}

/**
 * The title a doctor reads a CID result by (docs/product.md, "Etapa Avaliação"): the code with its
 * own description, the category only as secondary text, and not at all when the result is the
 * category ('I10', 'G44').
 * @param result - one search result
 */
export function cid10ResultHeading(
  result: Pick<Cid10SearchResult, 'code' | 'description' | 'category' | 'categoryCode'>,
): Cid10ResultHeading {
  const title = `${result.code} ${result.description}`;
  if (result.code.replace('.', '') === result.categoryCode) return { title };
  return { title, category: `Categoria ${result.categoryCode} — ${result.category}` };
}
