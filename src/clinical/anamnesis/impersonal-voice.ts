/**
 * The anamnesis is written about the consultation, in the third person, but the plan it quotes
 * comes from what the doctor said aloud ("Vou reintroduzir losartana."). These rewrite such
 * sentences in the one impersonal style the record uses for conduct — the infinitive
 * ("Reintroduzir losartana.") — and drop the sentences that say the same thing twice. Pure
 * functions.
 */
import { foldForMatching } from '@shared/lib/text-folding';
import { capitalizeFirst } from '../transcript/text';

/**
 * Words that open a spoken sentence and carry nothing: "Então, …", "Agora vou…", "Bom, …". Those
 * that are also words of a finding ("Bom estado geral") count only when a comma follows them.
 */
const DISCOURSE_MARKER =
  /^(?:(?:(?:ent[ãa]o|agora)(?!\p{L})[,.!]?|(?:bom|bem|olha|ok|certo|t[áa]|beleza|perfeito|muito bem)[,.!])\s*)+/iu;

/** Spoken verbs of a request or a prescription, and the verb the record writes for them. */
const RECORD_VERB: Readonly<Record<string, string>> = {
  pedir: 'solicitar',
  passar: 'prescrever',
  receitar: 'prescrever',
  prescrevo: 'prescrever',
  receito: 'prescrever',
  solicito: 'solicitar',
  peço: 'solicitar',
  peco: 'solicitar',
  reintroduzo: 'reintroduzir',
  mantenho: 'manter',
  suspendo: 'suspender',
  associo: 'associar',
  inicio: 'iniciar',
  oriento: 'orientar',
  encaminho: 'encaminhar',
};

/**
 * "Vou / vamos / a gente vai (+ te/lhe) <verb>" before an infinitive, or a first-person present
 * verb the record knows ("prescrevo", "solicito"): what the doctor says they will do.
 */
const FIRST_PERSON_OPENING = new RegExp(
  String.raw`^(?:(?:eu\s+)?vou|vamos|a\s+gente\s+vai|eu\s+vou)\s+(?:(?:te|lhe|le)\s+)?(\p{L}+r)(?!\p{L})|^(?:eu\s+)?(${Object.keys(
    RECORD_VERB,
  )
    .filter((verb) => !verb.endsWith('r'))
    .join('|')})(?!\p{L})`,
  'iu',
);

/**
 * A sentence of the plan in the record's impersonal style: a leading discourse marker dropped
 * and the doctor's first person turned into the infinitive of conduct — 'Então, vou reintroduzir
 * losartana.' → 'Reintroduzir losartana.', 'Vou pedir hemograma.' → 'Solicitar hemograma.',
 * 'Prescrevo dipirona.' → 'Prescrever dipirona.'. Other sentences are kept as they are.
 * @param sentence - one sentence of the plan
 */
export function toImpersonalConduct(sentence: string): string {
  const withoutMarker = sentence.trim().replace(DISCOURSE_MARKER, '');
  const match = FIRST_PERSON_OPENING.exec(withoutMarker);
  if (!match) return capitalizeFirst(withoutMarker);
  const spoken = (match[1] ?? match[2] ?? '').toLowerCase();
  const verb = RECORD_VERB[spoken] ?? spoken;
  return capitalizeFirst(`${verb}${withoutMarker.slice(match[0].length)}`);
}

/**
 * The sentences with every repeat left out: two sentences are the same when they read the same
 * without case, accents or punctuation ('Retorno em 7 dias.' and 'retorno em 7 dias'). The first
 * of them is kept, in its place.
 * @param sentences - sentences in order
 */
export function withoutRepeatedSentences(sentences: readonly string[]): string[] {
  const seen = new Set<string>();
  return sentences.filter((sentence) => {
    const key = foldForMatching(sentence);
    if (key === '') return false;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
