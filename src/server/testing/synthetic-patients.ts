import { sql } from 'drizzle-orm';
import type { Gender } from '@shared/records/medical-record';
import { PATIENT_ID_PREFIX } from '@shared/patients/patient';
import { isValidCns, isValidCpf } from '@shared/patients/identifiers';
import { prescriptionCreateSchema } from '@shared/prescriptions/prescription';
import { buildNewRecordContent } from '@shared/records/write';
import { foldForMatching } from '@shared/lib/text-folding';
import type { AppDatabase } from '../db/database';
import { patients } from '../db/schema';

// Many patients, visits and receitas of one doctor, written straight into the tables in bulk:
// for the benchmarks and the query-plan tests, where the API would take minutes to seed them.
// Deterministic for a seed, so runs compare.

const FEMALE_NAMES = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia',
  'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana',
  'Vanessa', 'Mariana', 'Gabriela', 'Rafaela', 'Beatriz', 'Larissa', 'Simone', 'Cláudia',
  'Débora', 'Tatiane', 'Renata', 'Raimunda', 'Sônia', 'Conceição', 'Joana', 'Marta', 'Luíza',
  'Helena', 'Valéria', 'Cristina', 'Isabela', 'Aparecida',
]; // prettier-ignore

const MALE_NAMES = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo',
  'Rodrigo', 'Manoel', 'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo',
  'Guilherme', 'Leandro', 'Tiago', 'Anderson', 'Ricardo', 'Márcio', 'Jorge', 'Sebastião',
  'Alexandre', 'Roberto', 'Edson', 'Diego', 'Vítor',
]; // prettier-ignore

const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Sousa', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira',
  'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares',
  'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes',
  'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana',
  'Teixeira', 'Araújo', 'Pinto', 'Correia', 'Cavalcanti', 'Monteiro', 'Moura', 'Batista',
  'Campos', 'Castro', 'Azevedo', 'Brandão', 'Falcão', 'Guimarães', 'Magalhães', 'Assunção',
  'Simões', 'Damasceno', 'Aragão', 'Peixoto', 'Siqueira', 'Xavier', 'Bezerra', 'Medeiros',
  'Farias', 'Fonseca', 'Borges', 'Miranda', 'Tavares', 'Pires', 'Cunha', 'Reis', 'Sales',
  'Viana', 'Brito', 'Melo', 'Macedo', 'Leite', 'Prado', 'Queiroz', 'Amaral', 'Sá', 'Silveira',
  'Conceição', 'Quintão',
]; // prettier-ignore

const PARTICLES = ['da', 'de', 'dos'];

const CHIEF_COMPLAINTS = [
  'Cefaleia holocraniana há 3 dias, pior à tarde, sem febre',
  'Dor lombar há 2 semanas após esforço, sem irradiação',
  'Tosse seca há 10 dias, sem febre, piora à noite',
  'Retorno para controle de hipertensão arterial',
  'Retorno para controle de diabetes mellitus tipo 2',
  'Dor de garganta e febre de 38,5 °C há 2 dias',
  'Queimação epigástrica após as refeições há 1 mês',
  'Cansaço e falta de ar aos médios esforços',
];

const ASSESSMENTS = [
  'Cefaleia tensional (G44.2).',
  'Lombalgia mecânica (M54.5).',
  'Tosse pós-viral (R05).',
  'HAS controlada (I10).',
  'DM2 com controle glicêmico adequado (E11.9).',
  'Amigdalite bacteriana (J03.9).',
  'Dispepsia funcional (K30).',
  'Insuficiência cardíaca compensada (I50.0).',
];

const MEDICATION_LISTS = [
  [{ name: 'Amoxicilina', dosage: '500 mg', frequency: 'de 8 em 8 horas', duration: '7 dias' }],
  [{ name: 'Losartana', dosage: '50 mg', frequency: '1 vez ao dia', duration: 'uso contínuo' }],
  [
    { name: 'Metformina', dosage: '850 mg', frequency: '2 vezes ao dia', duration: 'uso contínuo' },
    { name: 'Sinvastatina', dosage: '20 mg', frequency: 'à noite', duration: 'uso contínuo' },
  ],
  [{ name: 'Dipirona', dosage: '500 mg', frequency: 'de 6 em 6 horas', duration: 'se dor' }],
  [{ name: 'Omeprazol', dosage: '20 mg', frequency: 'em jejum', duration: '30 dias' }],
];

/** A patient as written by {@link insertSyntheticPatients}: what a search would name her by. */
export interface SyntheticPatient {
  id: string;
  name: string;
  sex: Gender;
  /** `yyyy-MM-dd`, or null for one without. */
  birthDate: string | null;
  cpf: string | null;
  cns: string | null;
}

/** A small seeded generator (mulberry32): the same names for the same seed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(items: readonly T[], next: () => number): T =>
  items[Math.floor(next() * items.length)] as T;

/** The digits completed with the first two-digit ending the identifier's rule accepts. */
function withCheckDigits(start: string, isValid: (digits: string) => boolean): string {
  for (let ending = 0; ending < 100; ending += 1) {
    const digits = `${start}${String(ending).padStart(2, '0')}`;
    if (isValid(digits)) return digits;
  }
  throw new Error(`no check digits complete ${start}`);
}

/** A name of 2 to 4 words: given name(s), surname(s), sometimes 'da', 'dos'… before the last. */
function syntheticName(sex: Gender, next: () => number): string {
  const given = sex === 'feminino' ? FEMALE_NAMES : MALE_NAMES;
  const first = pick(given, next);
  const words = [first];
  if (next() < 0.3) {
    const second = pick(given, next);
    if (second !== first) words.push(second);
  }
  const surnames = next() < 0.5 ? 2 : 1;
  for (let count = 1; count <= surnames; count += 1) {
    if (count === surnames && words.length <= 2 && next() < 0.25) {
      words.push(pick(PARTICLES, next));
    }
    words.push(pick(SURNAMES, next));
  }
  return words.join(' ');
}

/**
 * Patients for one doctor, in memory: realistic Brazilian names (accents included), birth dates
 * from 1930 to 2019 (a few missing), a CPF for 70 % and a CNS for 35 % — valid by their check
 * digits and unique among the doctor's.
 * @param seed - another seed, other names (each doctor of a benchmark its own)
 */
export function syntheticPatients(count: number, seed = 1): SyntheticPatient[] {
  const next = randomFrom(seed);
  return Array.from({ length: count }, (_, index) => {
    const sex: Gender = next() < 0.55 ? 'feminino' : 'masculino';
    const name = syntheticName(sex, next);
    const born = new Date(
      Date.UTC(1930 + Math.floor(next() * 90), 0, 1 + Math.floor(next() * 365)),
    );
    // Nine digits that differ for every index, never all alike.
    const cpfStart = String(100_000_000 + index * 7_919 + seed);
    const cnsStart = `7${String(seed).padStart(3, '0')}${String(index).padStart(9, '0')}`;
    return {
      id: `${PATIENT_ID_PREFIX}s${seed}-${index}`,
      name,
      sex,
      birthDate: next() < 0.97 ? born.toISOString().slice(0, 10) : null,
      cpf: next() < 0.7 ? withCheckDigits(cpfStart, isValidCpf) : null,
      cns: next() < 0.35 ? withCheckDigits(cnsStart, isValidCns) : null,
    };
  });
}

/**
 * Writes {@link syntheticPatients} for the doctor, a few hundred rows per statement.
 * @returns the patients written
 */
export async function insertSyntheticPatients(
  db: AppDatabase,
  userId: string,
  count: number,
  seed = 1,
): Promise<SyntheticPatient[]> {
  const written = syntheticPatients(count, seed);
  const createdAt = new Date();
  for (let start = 0; start < written.length; start += 500) {
    await db.insert(patients).values(
      written.slice(start, start + 500).map((patient, offset) => ({
        ...patient,
        userId,
        searchName: foldForMatching(patient.name),
        allergies: (start + offset) % 9 === 0 ? ['dipirona'] : [],
        version: 1,
        createdAt,
        updatedAt: createdAt,
      })),
    );
  }
  return written;
}

/**
 * Common table expressions of `count` generated rows for the doctor's patients: `numbered`, her
 * patients 0…n−1; `generated`, each row's number `g`, moment `at` — spread evenly over the last
 * `years`, in another order than `g` — and patient `n`, skewed as in a practice: the first
 * patients have hundreds of visits, the last a handful, yet every one some.
 */
const generatedRows = (userId: string, count: number, years: number) => sql`
  numbered as (
    select id, name, sex, birth_date, row_number() over (order by id) - 1 as n
      from ${patients}
     where ${patients.userId} = ${userId}),
  generated as (
    select g,
           now() - ((g::bigint * 104729) % ${count}::int)
                   * (interval '1 day' * ${years * 365}::int / ${count}::int) as at,
           floor(power(((g::bigint * 7919) % ${count}::int)::float8 / ${count}::int, 2)
                 * (select count(*) from numbered))::bigint as n
      from generate_series(0, ${count - 1}::int) g)`;

/** The patient's age in years at the generated row's moment; null without a birth date. */
const ageAtRow = sql`case when p.birth_date is not null
  then greatest(0, extract(year from age(v.at, p.birth_date::timestamptz)))::int end`;

/**
 * Writes `count` visits (medical records) of the doctor's patients in one statement: her name,
 * age at the visit and sex, a complaint, vital signs, an assessment; created over the last
 * `years`; all but one in 20 finalised.
 */
export async function insertSyntheticVisits(
  db: AppDatabase,
  userId: string,
  count: number,
  years = 5,
): Promise<void> {
  const finalised = buildNewRecordContent({ status: 'finalizado' });
  const open = buildNewRecordContent({});
  await db.execute(sql`
    with ${generatedRows(userId, count, years)}
    insert into medical_records (id, user_id, patient_id, patient_info, symptoms, physical_exam,
                                 assessment, plan, current_step, status, steps, version,
                                 created_at, updated_at)
    select 'medical-record-' || p.id || '-' || g, ${userId}, p.id,
           jsonb_strip_nulls(jsonb_build_object(
             'name', p.name,
             'age', ${ageAtRow},
             'gender', p.sex)),
           jsonb_build_object('chiefComplaint',
             (${JSON.stringify(CHIEF_COMPLAINTS)}::jsonb) ->> (g % ${CHIEF_COMPLAINTS.length}::int)),
           jsonb_build_object(
             'vitalSigns', jsonb_build_object(
               'bloodPressure', (100 + g % 60) || '/' || (60 + g % 35),
               'heartRate', 55 + g % 50,
               'temperature', round(35.8 + (g % 25) / 10.0, 1),
               'weight', 50 + g % 55,
               'height', 150 + g % 40),
             'generalAppearance', 'BEG, lúcido(a) e orientado(a), corado(a), hidratado(a).'),
           (${JSON.stringify(ASSESSMENTS)}::jsonb) ->> (g % ${ASSESSMENTS.length}::int),
           'Orientações gerais. Retorno em 30 dias.',
           case when g % 20 = 0 then ${open.currentStep} else ${finalised.currentStep} end,
           case when g % 20 = 0 then ${open.status} else ${finalised.status} end,
           case when g % 20 = 0 then ${JSON.stringify(open.steps)}::jsonb
                else ${JSON.stringify(finalised.steps)}::jsonb end,
           1, v.at, v.at
      from generated v
      join numbered p using (n)`);
}

/**
 * Writes `count` receitas of the doctor's patients in one statement: her name and age, one of a
 * few medicine lists, finalised, created over the last `years`.
 */
export async function insertSyntheticReceitas(
  db: AppDatabase,
  userId: string,
  count: number,
  years = 5,
): Promise<void> {
  const {
    isFinalized: _finalized,
    patientId: _patient,
    ...content
  } = prescriptionCreateSchema.parse({
    patientName: 'Paciente',
    diagnosis: 'Conforme prontuário',
    date: '2026-01-01',
    doctorName: 'Dra. Benchmark',
    doctorCRM: 'CRM-SP 123456',
  });
  await db.execute(sql`
    with ${generatedRows(userId, count, years)}
    insert into prescriptions (id, user_id, patient_id, content, is_finalized, version,
                               created_at, updated_at)
    select 'prescription-' || p.id || '-' || g, ${userId}, p.id,
           ${JSON.stringify(content)}::jsonb || jsonb_strip_nulls(jsonb_build_object(
             'patientName', p.name,
             'patientAge', ${ageAtRow} || ' anos',
             'medications', (${JSON.stringify(MEDICATION_LISTS)}::jsonb) -> (g % ${MEDICATION_LISTS.length}::int),
             'date', to_char(v.at, 'YYYY-MM-DD'))),
           true, 1, v.at, v.at
      from generated v
      join numbered p using (n)`);
}

/**
 * Writes `count` issued atestados of the doctor's patients in one statement, created over the
 * last `years`: a chart's third source of rows, for the timeline's plans and the benchmark.
 */
export async function insertSyntheticDocuments(
  db: AppDatabase,
  userId: string,
  count: number,
  years = 5,
): Promise<void> {
  await db.execute(sql`
    with ${generatedRows(userId, count, years)}
    insert into clinical_documents (id, user_id, patient_id, kind, status, content, issue,
                                    public_id, secret_code, version, created_at, updated_at)
    select 'document-' || p.id || '-' || g, ${userId}, p.id, 'atestado', 'emitido',
           jsonb_build_object('days', 1 + g % 5, 'startDate', to_char(v.at, 'YYYY-MM-DD'),
                              'showCid', false),
           jsonb_build_object('at', v.at, 'doctor', jsonb_build_object('name', 'Dra. Benchmark',
                              'crm', '123456', 'crmState', 'SP', 'address', 'Rua A, 1',
                              'phone', '(11) 3456-7890', 'email', ''),
                              'patient', jsonb_build_object('name', p.name)),
           md5(p.id || g), upper(left(md5(g::text), 10)), 1, v.at, v.at
      from generated v
      join numbered p using (n)`);
}
