/**
 * Receita check benchmark, in process: what the server does before a receita may leave — the
 * quantity to dispense of each item (phased schedules, brands, bottles named in the text) and the
 * safety check of the whole — for a 10-item receita for a patient with 5 medicines in use,
 * allergies, pregnancy, a creatinine clearance and a child's weight (every table read), and for a
 * 3-item one for an adult. Prints p50/p99 per receita after a warm-up, beside the budget; asserts
 * nothing.
 *
 *   npm run bench:safety
 *   BENCH_ROUNDS=20000 npm run bench:safety
 *
 * Budget (docs/receitas.md): quantity + safety check under 2 ms at p99 for the 10-item receita
 * with 5 medicines in use.
 */
import { performance } from 'node:perf_hooks';
import { checkPrescriptionSafety, type SafetyPatient } from '@clinical/medications/safety-check';
import { withDispenseQuantity } from '@clinical/prescriptions/dispense-plan';
import type { Medication } from '@shared/records/medical-record';
import { checkedMedications } from '@shared/prescriptions/receita-safety';
import { percentile } from './bench-support';

const ms = (value: number) => `${value.toFixed(3)} ms`;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5_000);
const WARM_UP = Math.min(1_000, ROUNDS);
const BUDGET_MS = 2;

const TEN_ITEMS: Medication[] = [
  {
    name: 'Amoxicilina',
    dosage: '400 mg/5 ml',
    dosePerIntake: '7 mL',
    frequency: '8/8h',
    duration: '10 dias',
    instructions: 'Frasco de 100 ml',
  },
  { name: 'Ibuprofeno 100 mg/5 ml', dosePerIntake: '5 mL', frequency: '6/6h', duration: '3 dias' },
  {
    name: 'Tylenol',
    dosage: '750 mg',
    dosePerIntake: '2 comprimidos',
    frequency: '6/6h',
    duration: '5 dias',
  },
  {
    name: 'Novalgina gotas',
    dosePerIntake: '20 gotas',
    frequency: '6/6h, se dor',
    duration: '3 dias',
  },
  {
    name: 'Prednisolona',
    dosage: '3 mg/ml',
    dosePerIntake: '5 mL',
    frequency: '1x ao dia',
    duration: '5 dias',
  },
  {
    name: 'Omeprazol 20 mg',
    dosePerIntake: '1 cápsula',
    frequency: '1x ao dia',
    duration: 'Uso contínuo',
  },
  {
    name: 'Klaricid',
    dosage: '500 mg',
    dosePerIntake: '1 comprimido',
    frequency: '12/12h',
    duration: '7 dias',
  },
  {
    name: 'Prednisona',
    dosage: '20 mg',
    instructions:
      'Tomar 3 comprimidos no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
  },
  {
    name: 'Metformina 850 mg',
    dosePerIntake: '1 comprimido',
    frequency: '12/12h',
    duration: 'Uso contínuo',
  },
  {
    name: 'Sertralina',
    dosage: '50 mg',
    instructions:
      'Tomar meio comprimido uma vez ao dia, por 7 dias; depois, 1 comprimido uma vez ao dia, em uso contínuo.',
  },
];

const CHILD: SafetyPatient = {
  age: 9,
  sex: 'feminino',
  weightKg: 30,
  pregnant: true,
  allergies: ['Penicilina', 'AAS', 'Sulfa', 'Dipirona', 'Látex'],
  medicationsInUse: [
    'Varfarina 5 mg',
    'Sinvastatina 40 mg',
    'Carbonato de lítio 300 mg',
    'Losartana + hidroclorotiazida',
    'Tramadol 50 mg',
  ],
  creatinineClearance: 28,
};

const THREE_ITEMS: Medication[] = [
  {
    name: 'Losartana',
    dosage: '50 mg',
    dosePerIntake: '1 comprimido',
    frequency: '1x ao dia',
    duration: 'Uso contínuo',
  },
  {
    name: 'Hidroclorotiazida',
    dosage: '25 mg',
    dosePerIntake: '1 comprimido',
    frequency: '1x ao dia',
    duration: 'Uso contínuo',
  },
  {
    name: 'Sinvastatina',
    dosage: '20 mg',
    dosePerIntake: '1 comprimido',
    frequency: 'à noite',
    duration: 'Uso contínuo',
  },
];

/** What the server does before a receita may leave: each item's quantity, then the check. */
function checkReceita(items: readonly Medication[], patient: SafetyPatient) {
  const counted = items.map((item) => withDispenseQuantity(item));
  return {
    counted: counted.filter((item) => item.dispenseQuantity).length,
    warnings: checkPrescriptionSafety(checkedMedications(counted), patient).length,
  };
}

function measure(name: string, items: readonly Medication[], patient: SafetyPatient) {
  let result = { counted: 0, warnings: 0 };
  for (let round = 0; round < WARM_UP; round++) checkReceita(items, patient);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    result = checkReceita(items, patient);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, ...result, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const rows = [
  measure('10 items, 5 in use, every table', TEN_ITEMS, CHILD),
  measure('3 items, adult, no warning', THREE_ITEMS, { age: 58 }),
];
console.log(
  `Quantity + safety check, in process, ${ROUNDS} receitas each after ${WARM_UP} unmeasured`,
);
console.log(
  'scenario                              counted  warnings   p50        p99        budget',
);
for (const row of rows) {
  const budget = row.name.startsWith('10')
    ? `< ${BUDGET_MS} ms ${row.p99 < BUDGET_MS ? 'met' : 'MISSED'}`
    : '';
  console.log(
    `${row.name.padEnd(38)}${String(row.counted).padStart(7)}${String(row.warnings).padStart(10)}   ${ms(row.p50).padEnd(10)} ${ms(row.p99).padEnd(10)} ${budget}`,
  );
}
