import { describe, expect, it } from 'vitest';
import {
  batchCreateSchema,
  batchUpdateSchema,
  defaultBatchName,
  expandInstructionAbbreviations,
  groupMedicationsByRoute,
  guessRoute,
  prescriptionBatchSchema,
  prescriptionCreateSchema,
  prescriptionSchema,
  prescriptionsOfBatch,
  prescriptionUpdateSchema,
  ROUTE_HEADINGS,
  type Prescription,
} from './prescription';
import { MEDICATION_ROUTES } from '../records/medical-record';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('prescriptionCreateSchema', () => {
  it('fills the defaults: generic allowed, normal priority, empty texts, not finalized', () => {
    const parsed = prescriptionCreateSchema.parse({
      patientName: '  Maria Souza ',
      date: '2026-03-01',
      medications: [{ name: 'Amoxicilina', dosage: '500 mg', quantity: '21' }],
    });
    expect(parsed).toEqual({
      patientName: 'Maria Souza',
      patientAge: '',
      diagnosis: '',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          quantity: '21',
          genericAllowed: true,
          priority: 'normal',
        },
      ],
      notes: '',
      date: '2026-03-01',
      doctorName: '',
      doctorCRM: '',
      isFinalized: false,
    });
  });

  it('keeps a route, an address and a refused generic', () => {
    const parsed = prescriptionCreateSchema.parse({
      patientName: 'João',
      patientAddress: 'Rua das Flores, 10 — Recife/PE',
      date: '2026-03-01T09:30:00-03:00',
      medications: [
        { name: 'Diclofenaco', route: 'injetavel', genericAllowed: false, priority: 'urgente' },
      ],
    });
    expect(parsed.patientAddress).toBe('Rua das Flores, 10 — Recife/PE');
    expect(parsed.medications[0]).toMatchObject({
      route: 'injetavel',
      genericAllowed: false,
      priority: 'urgente',
    });
  });

  it.each([
    [{ date: '2026-03-01' }, 'Informe o nome do paciente.'],
    [{ patientName: '   ', date: '2026-03-01' }, 'Informe o nome do paciente.'],
    [{ patientName: 'Ana', date: '01/03/2026' }, 'Data da receita inválida: use AAAA-MM-DD.'],
    [
      { patientName: 'Ana', date: '9999-12-31' },
      'Data da receita inválida: o ano vai de 1900 ao ano que vem.',
    ],
    [
      { patientName: 'Ana', date: '2026-03-01', medications: [{ name: '' }] },
      'Informe o nome do medicamento.',
    ],
    [
      {
        patientName: 'Ana',
        date: '2026-03-01',
        medications: [{ name: 'Dipirona', route: 'bucal' }],
      },
      'A via de administração deve ser uma destas: oral, topica, injetavel, inalatoria, oftalmica, nasal, retal, vaginal, sublingual, otologica.',
    ],
    [
      {
        patientName: 'Ana',
        date: '2026-03-01',
        medications: [{ name: 'Dipirona', priority: 'alta' }],
      },
      'A prioridade deve ser "normal" ou "urgente".',
    ],
    [
      {
        patientName: 'Ana',
        date: '2026-03-01',
        medications: Array.from({ length: 51 }, () => ({ name: 'Dipirona' })),
      },
      'Uma receita pode ter no máximo 50 medicamentos.',
    ],
    [
      { patientName: 'Ana\u0000', date: '2026-03-01' },
      'Nome do paciente: contém caracteres inválidos.',
    ],
    [
      { patientName: 'Ana', date: '2026-03-01', isFinalized: 'sim' },
      'Finalizada deve ser verdadeiro ou falso.',
    ],
  ])('refuses %j with a Portuguese message', (body, message) => {
    expect(firstMessage(prescriptionCreateSchema.safeParse(body))).toBe(message);
  });

  it('refuses unknown fields', () => {
    const result = prescriptionCreateSchema.safeParse({
      patientName: 'Ana',
      date: '2026-03-01',
      userId: 'x',
    });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Campo não reconhecido na receita: userId.');
  });
});

describe('prescriptionUpdateSchema', () => {
  it('accepts any subset and adds no defaults', () => {
    expect(prescriptionUpdateSchema.parse({ isFinalized: true })).toEqual({ isFinalized: true });
    expect(prescriptionUpdateSchema.parse({ notes: ' Retorno em 7 dias ' })).toEqual({
      notes: 'Retorno em 7 dias',
    });
  });

  it('still refuses an empty patient name or a bad date', () => {
    expect(firstMessage(prescriptionUpdateSchema.safeParse({ patientName: '' }))).toBe(
      'Informe o nome do paciente.',
    );
    expect(firstMessage(prescriptionUpdateSchema.safeParse({ date: 'ontem' }))).toBe(
      'Data da receita inválida: use AAAA-MM-DD.',
    );
  });
});

describe('prescriptionSchema', () => {
  it('reads a stored prescription', () => {
    const stored = {
      id: 'prescription-1',
      patientName: 'Maria',
      patientAge: '45',
      diagnosis: 'Sinusite',
      medications: [{ name: 'Amoxicilina', genericAllowed: true, priority: 'normal' }],
      notes: '',
      date: '2026-03-01',
      doctorName: 'Dra. Ana Lima',
      doctorCRM: 'CRM/PE 12345',
      isFinalized: true,
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
    };
    expect(prescriptionSchema.parse(stored)).toEqual(stored);
    expect(prescriptionSchema.safeParse({ ...stored, createdAt: 'agora' }).success).toBe(false);
  });
});

describe('batch schemas', () => {
  it('create: name optional, no prescriptions, not finalized', () => {
    expect(batchCreateSchema.parse({})).toEqual({ prescriptionIds: [], isFinalized: false });
    expect(batchCreateSchema.parse({ name: ' Manhã ' })).toEqual({
      name: 'Manhã',
      prescriptionIds: [],
      isFinalized: false,
    });
  });

  it.each([
    [{ name: '' }, 'Informe o nome do lote.'],
    [{ prescriptionIds: ['a', 'a'] }, 'Uma receita só pode entrar uma vez no lote.'],
    [{ prescriptionIds: 'a' }, 'Envie as receitas do lote como uma lista de identificadores.'],
    [{ name: 'x'.repeat(101) }, 'Nome do lote: no máximo 100 caracteres.'],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(batchCreateSchema.safeParse(body))).toBe(message);
  });

  it('update accepts a subset', () => {
    expect(batchUpdateSchema.parse({ prescriptionIds: ['p1', 'p2'] })).toEqual({
      prescriptionIds: ['p1', 'p2'],
    });
    expect(batchUpdateSchema.safeParse({ prescriptions: [] }).success).toBe(false);
  });

  it('reads a stored batch', () => {
    const stored = {
      id: 'batch-1',
      name: 'Lote 01/03/2026',
      prescriptionIds: ['p1'],
      isFinalized: false,
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
    };
    expect(prescriptionBatchSchema.parse(stored)).toEqual(stored);
  });
});

describe('defaultBatchName', () => {
  it("is 'Lote' plus the local date in pt-BR", () => {
    expect(defaultBatchName(new Date(2026, 2, 1, 23, 59))).toBe('Lote 01/03/2026');
    expect(defaultBatchName(new Date(2025, 11, 31, 0, 0))).toBe('Lote 31/12/2025');
  });
});

describe('prescriptionsOfBatch', () => {
  const prescription = (id: string): Prescription => ({
    id,
    patientName: id,
    patientAge: '',
    diagnosis: '',
    medications: [],
    notes: '',
    date: '2026-03-01',
    doctorName: '',
    doctorCRM: '',
    isFinalized: true,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
  });

  it("follows the batch's order and skips deleted prescriptions", () => {
    const all = [prescription('a'), prescription('b'), prescription('c')];
    expect(
      prescriptionsOfBatch({ prescriptionIds: ['c', 'gone', 'a'] }, all).map((p) => p.id),
    ).toEqual(['c', 'a']);
  });
});

describe('guessRoute', () => {
  it('has a heading for every route', () => {
    expect(MEDICATION_ROUTES.map((route) => ROUTE_HEADINGS[route])).toEqual([
      'Uso oral',
      'Uso tópico',
      'Uso injetável',
      'Uso inalatório',
      'Uso oftálmico',
      'Uso nasal',
      'Uso retal',
      'Uso vaginal',
      'Uso sublingual',
      'Uso otológico',
    ]);
  });

  it.each([
    [{ name: 'Amoxicilina 500 mg', dosage: '1 cápsula' }, 'oral'],
    [{ name: 'Losartana', dosage: '50 mg comprimido' }, 'oral'],
    [{ name: 'Dipirona gotas', dosage: '40 gotas' }, 'oral'],
    [{ name: 'Ambroxol xarope', dosage: '5 mL' }, 'oral'],
    [{ name: 'Amoxicilina suspensão 250 mg/5 mL' }, 'oral'],
    [{ name: 'Rivaroxabana 20 mg' }, 'oral'],
    [{ name: 'Cetoconazol creme 2%' }, 'topica'],
    [{ name: 'Mupirocina pomada' }, 'topica'],
    [{ name: 'Diclofenaco gel' }, 'topica'],
    [{ name: 'Calamina loção' }, 'topica'],
    [{ name: 'Tobramicina colírio', dosage: '1 gota' }, 'oftalmica'],
    [{ name: 'Tobramicina', instructions: 'pingar 1 gota em cada olho de 4/4h' }, 'oftalmica'],
    [{ name: 'Pomada oftálmica de tobramicina' }, 'oftalmica'],
    [{ name: 'Budesonida spray nasal', dosage: '2 jatos' }, 'nasal'],
    [{ name: 'Soro fisiológico', instructions: 'aplicar 3 gotas em cada narina' }, 'nasal'],
    [{ name: 'Salbutamol aerossol 100 mcg', dosage: '2 jatos' }, 'inalatoria'],
    [{ name: 'Salbutamol', instructions: 'bombinha, 2 jatos se falta de ar' }, 'inalatoria'],
    [{ name: 'Ipratrópio', instructions: 'nebulização com 20 gotas' }, 'inalatoria'],
    [{ name: 'Formoterol', dosage: '12 mcg cápsula para inalação' }, 'inalatoria'],
    [{ name: 'Ceftriaxona 1 g', dosage: 'frasco-ampola', instructions: 'aplicar IM' }, 'injetavel'],
    [{ name: 'Diclofenaco 75 mg', dosage: '1 ampola' }, 'injetavel'],
    [{ name: 'Insulina NPH', instructions: '10 UI SC antes do café' }, 'injetavel'],
    [{ name: 'Dexametasona suspensão injetável' }, 'injetavel'],
    [{ name: 'Ondansetrona', instructions: '8 mg EV' }, 'injetavel'],
    [{ name: 'Isossorbida 5 mg', instructions: 'sublingual se dor no peito' }, 'sublingual'],
    [{ name: 'Glicerina supositório' }, 'retal'],
    [{ name: 'Miconazol creme vaginal' }, 'vaginal'],
    [{ name: 'Metronidazol óvulo' }, 'vaginal'],
    [{ name: 'Ciprofloxacino + hidrocortisona', dosage: 'solução otológica' }, 'otologica'],
    [{ name: 'Ciprofloxacino', instructions: 'pingar 3 gotas no ouvido' }, 'otologica'],
  ] as const)('%j → %s', (medication, route) => {
    expect(guessRoute(medication)).toBe(route);
  });

  it('keeps a route already chosen', () => {
    expect(guessRoute({ name: 'Dexametasona creme', route: 'oral' })).toBe('oral');
  });

  it('does not read abbreviations inside words or in lower case', () => {
    expect(guessRoute({ name: 'Simeticona', instructions: 'tomar após as refeições, sim' })).toBe(
      'oral',
    );
    expect(guessRoute({ name: 'Vitamina C', instructions: 'im' })).toBe('oral');
  });
});

describe('groupMedicationsByRoute', () => {
  it('groups under headings, oral first, keeping the order within a route', () => {
    const groups = groupMedicationsByRoute([
      { name: 'Cetoconazol creme' },
      { name: 'Amoxicilina 500 mg' },
      { name: 'Dipirona 1 g' },
      { name: 'Salbutamol aerossol' },
    ]);
    expect(groups.map((g) => [g.heading, g.medications.map((m) => m.name)])).toEqual([
      ['Uso oral', ['Amoxicilina 500 mg', 'Dipirona 1 g']],
      ['Uso tópico', ['Cetoconazol creme']],
      ['Uso inalatório', ['Salbutamol aerossol']],
    ]);
  });
});

describe('expandInstructionAbbreviations', () => {
  it.each([
    ['Tomar 1 cp VO 8/8h por 7d', 'Tomar 1 comprimido por via oral de 8 em 8 horas por 7 dias'],
    ['1 comp de 12/12h', '1 comprimido de 12 em 12 horas'],
    ['2 cps 1x ao dia', '2 comprimidos uma vez ao dia'],
    ['1 cp 2x/dia', '1 comprimido duas vezes ao dia'],
    ['1 cáps 3x por dia', '1 cáps três vezes ao dia'],
    ['1 caps 3x por dia', '1 cápsula três vezes ao dia'],
    ['40 gts VO se dor', '40 gotas por via oral se dor'],
    ['1 gt em cada olho 6/6h', '1 gota em cada olho de 6 em 6 horas'],
    ['1 cp SOS', '1 comprimido se necessário'],
    ['1 cp s/n', '1 comprimido se necessário'],
    ['½ cp à noite', '½ comprimido à noite'],
    ['1 amp IM dose única', '1 ampola por via intramuscular dose única'],
    ['1 amp EV lento', '1 ampola por via endovenosa lento'],
    ['10 UI SC antes do café', '10 unidades internacionais por via subcutânea antes do café'],
    ['1 cp SL se dor torácica', '1 comprimido por via sublingual se dor torácica'],
    ['5 ml VO 8/8 h', '5 mL por via oral de 8 em 8 horas'],
    ['5ml 24/24h', '5mL de 24 em 24 horas'],
    ['1x/sem por 4 sem', 'uma vez por semana por 4 semanas'],
    ['tomar c/ água, ACM', 'tomar com água, a critério médico'],
    ['1 cp em jejum, 30 min antes do café', '1 comprimido em jejum, 30 minutos antes do café'],
    ['2 jatos 4x ao dia', '2 jatos quatro vezes ao dia'],
    ['1 cx', '1 caixa'],
    ['2 cx', '2 caixas'],
    ['1 cs 8/8h', '1 colher de sopa de 8 em 8 horas'],
  ])('%s → %s', (typed, printed) => {
    expect(expandInstructionAbbreviations(typed)).toBe(printed);
  });

  it('leaves dates, ordinary words and plain text alone', () => {
    const plain = 'Retorno em 12/12/2026. Tomar após o almoço, se necessário; evitar álcool.';
    expect(expandInstructionAbbreviations(plain)).toBe(plain);
    expect(expandInstructionAbbreviations('composto, capsulado, vovó')).toBe(
      'composto, capsulado, vovó',
    );
  });

  it('is idempotent', () => {
    const once = expandInstructionAbbreviations('Tomar 1 cp VO de 8/8h por 7d, SOS');
    expect(once).toBe('Tomar 1 comprimido por via oral de 8 em 8 horas por 7 dias, se necessário');
    expect(expandInstructionAbbreviations(once)).toBe(once);
  });
});
