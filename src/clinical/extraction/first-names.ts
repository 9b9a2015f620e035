import { foldAccents } from '@shared/lib/text-folding';

/**
 * Common Brazilian first names by the sex they are usually given to (folded: lower case, no
 * accents). docs/product.md, "Motor offline": when a consultation states no sex, it is inferred
 * from the first name.
 */

const FEMALE = `
adriana alessandra alice assuncao conceicao aline amanda ana ana-clara ana-julia andrea andreia angela angelica
antonia aparecida barbara beatriz bianca bruna camila carla carolina catarina cecilia celia
cintia clara clarice claudia cleide cristiane cristina daiane daniela debora denise diana
eduarda elaine eliane elisa elisabete eliza elza emanuele emilly emily ester eva fabiana
fabiola fatima fernanda flavia francisca gabriela gabriele geovana giovana gisele gloria
graziela helena heloisa iara ingrid iolanda irene isabel isabela isabele isadora ivone
jaqueline jessica joana josefa josiane joyce julia juliana jussara karina karla kelly lais
lara larissa laura leticia lidia liliane livia lorena luana lucia luciana luiza luisa
madalena maira manuela marcela marcia margarida maria mariana marilene marina marisa marta
mayara melissa michele milena miriam monica nadia natalia nathalia nicole nilza olivia paloma
pamela patricia paula priscila rafaela raimunda raquel rebeca regina renata rita roberta
rosa rosana rosangela rose rosemeire sabrina samanta sandra sara silvana silvia simone sofia
solange sonia stefany sueli suzana tais talita tamires tania tatiana teresa tereza valeria
vanessa vera veronica vitoria viviane yasmin zilda benedita luzia neide marlene rosilene vania
edna ines jandira lourdes luciene marli nair neusa noemi odete rosimeire sebastiana terezinha
zelia iracema ivete elisangela valentina agatha eloa esther isis mirella raissa rayssa antonella
cleusa dalva edileuza gislaine lucimar marinalva rosineide silvania vilma
`;

const MALE = `
adriano alberto alessandro alexandre alex anderson andre angelo antonio arthur artur augusto
benedito benjamin bernardo breno bruno caio carlos cesar cicero claudio cristiano daniel
davi david diego diogo douglas edson eduardo elias emanuel enzo erick everton fabiano fabio
felipe fernando flavio francisco gabriel geraldo gilberto gilmar giovani guilherme gustavo
heitor helio henrique hugo igor isaac ivan jair jefferson joao joaquim jonas jonathan jorge
jose josue juliano julio kaique kaua leandro leonardo lorenzo lucas luciano luis luiz marcelo
marcio marcos mario mateus matheus mauricio mauro miguel milton moises murilo nelson nicolas
osvaldo otavio paulo pedro rafael raimundo renan renato ricardo roberto rodrigo rogerio
ronaldo rubens samuel sebastiao sergio severino silvio thiago tiago valdir vicente vinicius
vitor wagner walter washington wellington wesley william wilson yuri adao agenor alcides
altair amaro aurelio dorival edilson edivaldo edmilson ednaldo elton emerson evandro fabricio
genivaldo gerson hamilton ivo jaime joel josias juarez lauro leonel lourival manoel manuel
nilton orlando osmar reginaldo reinaldo robson romulo sandro sidney tadeu teodoro valdemar
valter vanderlei waldir wanderley ze zeca theo teo benicio ravi gael pietro caua levi thales
yago iago
`;

const toSet = (list: string) => new Set(list.split(/\s+/).filter(Boolean));
const FEMALE_NAMES = toSet(FEMALE);
const MALE_NAMES = toSet(MALE);

/** Names that end in -a or -o against the usual rule, so the ending alone would mislead. */
const ENDING_EXCEPTIONS = new Set(['luca', 'joshua', 'nikita', 'jonatha', 'ariel', 'darci']);

/**
 * Whether a word is a common Brazilian first name. In lower-case speech, where capitals no
 * longer mark a name, this is what tells 'maria' from 'refere' after a weak cue.
 * @param word - one word, any case and accents
 */
export function isKnownFirstName(word: string): boolean {
  const folded = foldAccents(word).trim();
  return FEMALE_NAMES.has(folded) || MALE_NAMES.has(folded);
}

/**
 * The sex a first name is usually given to in Brazil.
 * @param firstName - the first word of the patient's name, any case and accents
 * @returns 'feminino', 'masculino', or undefined for names this list does not know
 */
export function genderOfFirstName(firstName: string): 'masculino' | 'feminino' | undefined {
  const folded = foldAccents(firstName).trim();
  if (FEMALE_NAMES.has(folded)) return 'feminino';
  if (MALE_NAMES.has(folded)) return 'masculino';
  if (ENDING_EXCEPTIONS.has(folded) || folded.length < 3) return undefined;
  // Unknown names: Portuguese first names ending in -a are almost always women's, -o men's.
  if (folded.endsWith('a')) return 'feminino';
  if (folded.endsWith('o')) return 'masculino';
  return undefined;
}
