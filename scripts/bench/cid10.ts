/**
 * CID-10 benchmark, in process, on the full official catalogue: load time (read + parse the
 * four DATASUS files, then build the search index; median of 5, and the first, cold one) and
 * per-query latency p50/p99 over a few hundred varied queries — codes in every form, official
 * words, lay terms and abbreviations, half-typed words and typos. Prints figures; asserts nothing.
 *
 *   npm run bench:cid10                     # the release shipped in src/clinical/cid10/datasus
 *   CID10_DIR=~/cid10-nova npm run bench:cid10   # another release
 *   BENCH_ROUNDS=10 npm run bench:cid10     # passes over the queries (default 5)
 *
 * Budgets: load under 300 ms, p99 under 2 ms per query.
 */
import path from 'node:path';
import { LAY_TERMS } from '@clinical/cid10/lay-terms';
import type { OfficialCatalogue } from '@clinical/cid10/official-csv';
import { loadOfficialCatalogue, SHIPPED_CID10_DIR } from '@clinical/cid10/official-files';
import { searchCid10 } from '@clinical/cid10/search';
import { buildCid10Index, type Cid10Index } from '@clinical/cid10/search-index';
import { foldedWordsOf } from '@clinical/cid10/text';

const cid10Dir = path.resolve(process.env.CID10_DIR ?? SHIPPED_CID10_DIR);
const LOAD_RUNS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** A fixed pseudo-random sequence (mulberry32), so every run measures the same queries. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** One letter dropped, doubled, changed or two swapped. */
function misspell(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.charAt(at) + word.slice(at);
    case 2:
      return `${word.slice(0, at)}${pick(['a', 'e', 'i', 'o', 'u', 'r', 's', 't'], next)}${word.slice(at + 1)}`;
    default:
      return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
  }
}

/** About 600 queries of every kind a doctor types, drawn from the catalogue itself. */
function buildQueries(catalogue: OfficialCatalogue): { kind: string; query: string }[] {
  const next = random(20_241_121);
  const entries = catalogue.entries;
  const queries: { kind: string; query: string }[] = [];
  const add = (kind: string, query: string) => queries.push({ kind, query });
  const wordsOf = (text: string) => foldedWordsOf(text).filter((word) => word.length > 3);

  for (let i = 0; i < 120; i += 1) {
    const code = pick(entries, next).code;
    const forms = [
      code,
      code.toLowerCase(),
      code.replace('.', ''),
      code.slice(0, 3),
      code.slice(0, 2),
    ];
    add('code', pick(forms, next));
  }
  for (let i = 0; i < 150; i += 1) {
    const words = wordsOf(pick(entries, next).description);
    const start = Math.floor(next() * Math.max(1, words.length - 2));
    add('words', words.slice(start, start + 1 + Math.floor(next() * 3)).join(' ') || 'dor');
  }
  for (const term of LAY_TERMS) add('lay term', pick(term.terms, next));
  for (let i = 0; i < 80; i += 1) {
    const word = pick(wordsOf(pick(entries, next).description).concat('hipertensao'), next);
    add('prefix', word.slice(0, 3 + Math.floor(next() * Math.max(1, word.length - 4))));
  }
  for (let i = 0; i < 80; i += 1) {
    const words = wordsOf(pick(entries, next).description).filter((word) => word.length > 4);
    const word = words.length > 0 ? pick(words, next) : 'pneumonia';
    add('typo', misspell(word, next));
  }
  return queries;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number) => value.toFixed(value < 10 ? 3 : 1).padStart(9);

async function measureLoad(): Promise<{ index: Cid10Index; catalogue: OfficialCatalogue }> {
  const runs: { read: number; index: number }[] = [];
  let last: { index: Cid10Index; catalogue: OfficialCatalogue } | undefined;
  for (let run = 0; run < LOAD_RUNS; run += 1) {
    const started = performance.now();
    const catalogue = await loadOfficialCatalogue(cid10Dir);
    const read = performance.now();
    const index = buildCid10Index(catalogue.entries);
    runs.push({ read: read - started, index: performance.now() - read });
    last = { index, catalogue };
  }
  if (!last) throw new Error('no load run');
  const totals = runs.map((run) => run.read + run.index);
  console.log(`Catalogue load (${cid10Dir}), ${LOAD_RUNS} runs`);
  console.log('                     median     first');
  console.log(
    `read + parse     ${ms(median(runs.map((r) => r.read)))} ${ms(runs[0]?.read ?? NaN)} ms`,
  );
  console.log(
    `build index      ${ms(median(runs.map((r) => r.index)))} ${ms(runs[0]?.index ?? NaN)} ms`,
  );
  console.log(
    `total            ${ms(median(totals))} ${ms(totals[0] ?? NaN)} ms   (budget 300 ms)`,
  );
  console.log(
    `${last.catalogue.counts.subcategories} subcategories, ${last.catalogue.counts.categories} ` +
      `categories, ${last.catalogue.entries.length} searchable codes`,
  );
  return last;
}

function measureQueries(index: Cid10Index, catalogue: OfficialCatalogue): void {
  const queries = buildQueries(catalogue);
  // One pass to let the engine compile the hot paths, as a running server would have.
  for (const { query } of queries) searchCid10(index, query);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { kind, query } of queries) {
      const started = performance.now();
      searchCid10(index, query);
      const elapsed = performance.now() - started;
      all.push(elapsed);
      const list = byKind.get(kind) ?? [];
      list.push(elapsed);
      byKind.set(kind, list);
    }
  }
  console.log(`\nSearch latency: ${queries.length} queries × ${ROUNDS} rounds, limit 10`);
  console.log('kind          queries    p50 ms    p99 ms    max ms');
  const row = (kind: string, times: number[], count: number) => {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(12)} ${String(count).padStart(8)} ${ms(percentile(sorted, 50))} ` +
        `${ms(percentile(sorted, 99))} ${ms(sorted[sorted.length - 1] ?? NaN)}`,
    );
  };
  for (const [kind, times] of byKind) row(kind, times, times.length / ROUNDS);
  row('all', all, queries.length);
  console.log('(budget: p99 under 2 ms)');
}

const { index, catalogue } = await measureLoad();
measureQueries(index, catalogue);
