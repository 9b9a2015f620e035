/**
 * Every text a person reads is Brazilian Portuguese with its accents (docs/product.md, "Formatos em português"). This test
 * reads the prose of the web app, the shared code and the server with the TypeScript compiler (so
 * identifiers, property keys, regular expressions and import paths are never read as prose), and
 * renders the documents Prontu hands out — the record report, a receita, the offline anamnesis of a
 * consultation — and fails on the unaccented spellings people keep finding, naming file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildStructuredAnamnesis } from '@clinical/anamnesis/structured-anamnesis';
import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import type { Gender } from '@shared/records/medical-record';
import {
  buildReceitaDocument,
  type ReceitaPrescription,
} from '@shared/prescriptions/receita-document';
import { anamnesisSections } from '@shared/records/display';
import type { WorkingRecord } from '@shared/records/flow';
import { buildRecordDocument, buildRecordNarrative } from '@shared/records/narrative';

/**
 * Words that are only ever right with an accent (or whose unaccented form is a rare verb form no
 * screen of Prontu uses), written as they are misspelt.
 */
const UNACCENTED_WORDS = new Set([
  'nao',
  'entao',
  'genero',
  'prescricao',
  'prescricoes',
  'observacao',
  'observacoes',
  'sugestao',
  'sugestoes',
  'prontuario',
  'prontuarios',
  'medico',
  'medica',
  'medicos',
  'medicas',
  'disponivel',
  'indisponivel',
  'discussao',
  'informacao',
  'informacoes',
  'historico',
  'historia',
  'diagnostico',
  'diagnosticos',
  'diagnostica',
  'diagnosticas',
  'clinico',
  'clinica',
  'clinicos',
  'clinicas',
  'fisico',
  'fisica',
  'pressao',
  'voce',
  'voces',
  'ja',
  'tambem',
  'especifico',
  'especifica',
  'orientacao',
  'orientacoes',
  'medicacao',
  'medicacoes',
  'conclusao',
  'avaliacao',
  'hipotese',
  'hipoteses',
  'familia',
  'obrigatorio',
  'obrigatoria',
  'invalido',
  'invalida',
  'valido',
  'numero',
  'endereco',
  'concluido',
  'concluida',
  'proximo',
  'proxima',
  'ultimo',
  'ultima',
  'usuario',
  'codigo',
  'periodo',
  'possivel',
  'necessario',
  'alergico',
  'alergica',
  'cronico',
  'cronicas',
  'cronicos',
  'transcricao',
  'conexao',
  'sessao',
  'atencao',
  'acao',
  'acoes',
  'opcao',
  'opcoes',
  'configuracoes',
  'sao',
  'ate',
  'apos',
  'tres',
  'inicio',
  'pagina',
  'minimo',
  'maximo',
  'saude',
  'evolucao',
  'descricao',
  'duracao',
  'frequencia',
  'confianca',
  'impressao',
  'prognostico',
  'automatica',
  'automatico',
  'analise',
  'generica',
  'generico',
  'relatorio',
  'horario',
  'seguranca',
  'condicao',
  'condicoes',
  'referencia',
  'emergencia',
  'urgencia',
  'titulo',
  'unico',
  'unica',
  'rapido',
  'rapida',
  'gravacao',
  'permissao',
  'conteudo',
  'secao',
  'versao',
  'exclusao',
  'atualizacao',
  'servico',
]);

/**
 * Each unaccented word of a text, in order (the same word may come back more than once). Words
 * joined by '_', '/' or '-' are names, not prose — slash commands ('/iniciar-prontuario'),
 * template variables ('{{proxima_consulta}}', '{{prescricoes}}'), file names ('prontuario-maria.txt'), MIME types —
 * and are ASCII on purpose.
 */
function unaccentedWordsIn(text: string): string[] {
  return (text.replace(/\{\{\w+\}\}/g, ' ').match(/[\p{L}\d_/-]+/gu) ?? [])
    .filter((token) => !/[_/-]/.test(token))
    .filter((word) => UNACCENTED_WORDS.has(word.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------
// The source files' prose

const ROOT = path.resolve(import.meta.dirname, '../../src');
const SCANNED_FOLDERS = ['web', 'shared', 'server'];

/**
 * The non-test source files under a folder; `testing/` folders and `*.testing.ts` files hold
 * test fakes and fixtures, not the app.
 */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name);
    return isSource && !/\.test(ing)?\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Strings that read like prose to the scanner but are not read by people. Each entry is the
 * file (relative to src) and the exact string; keep the list short and say why.
 */
const NOT_PROSE: readonly { file: string; text: string; why: string }[] = [
  ...[
    'shared/documents/clinical-document.ts',
    'shared/documents/document-text.ts',
    'shared/documents/prefill.ts',
    'web/components/documents/document-form-values.ts',
    'web/components/documents/new-document-dialog.tsx',
  ].map((file) => ({
    file,
    text: 'relatorio',
    why: "a document kind's name in the API (docs/api.md, API de documentos); its title is 'Relatório médico'",
  })),
  ...[
    'shared/documents/clinical-document.ts',
    'shared/documents/document-text.ts',
    'shared/documents/prefill.ts',
    'web/components/documents/document-form-values.ts',
    'web/components/documents/documents-section.tsx',
    'web/components/documents/new-document-dialog.tsx',
    'web/features/patients/patient-chart.tsx',
    'server/documents/document-signing.ts',
    'server/documents/routes.ts',
  ].map((file) => ({
    file,
    text: 'orientacoes',
    why: "a document kind's name in the API (docs/api.md, API de documentos); its title is 'Orientações ao paciente'",
  })),
  ...['prescricoes', 'orientacoes', 'diagnostico', 'observacoes'].map((text) => ({
    file: 'shared/records/templates.ts',
    text,
    why: 'a variable doctors type as {{…}} (docs/product.md, "Modelos de prontuário e de receita")',
  })),
  {
    file: 'shared/records/display.ts',
    text: 'orientacoes',
    why: 'a field of the structured anamnesis (the AI answer schema)',
  },
  ...['prognostico', 'medicacoes'].map((text) => ({
    file: 'shared/ai/extraction-paragraphs.ts',
    text,
    why: "a key the model's answer may use",
  })),
  {
    file: 'server/ai/tasks/structured-anamnesis.ts',
    text: '{"identificacao": {"nome": "...", "sexo": "...", "idade": "..."}, "queixaPrincipal": "...", "historiaDoencaAtual": "...", "antecedentesPessoais": "...", "antecedentesFamiliares": "...", "habitosVida": "...", "exameFisico": "...", "historiaSocial": "...", "hipotesesDiagnosticas": "...", "condutas": "...", "orientacoes": "...", "resumoClinico": "...", "confidence": 0.0}',
    why: "the JSON shape of the model's answer, whose keys are the schema's",
  },
];

/** JSX attributes whose value is styling or an id, never read. */
const NON_PROSE_ATTRIBUTES = new Set([
  'className',
  'id',
  'htmlFor',
  'type',
  'name',
  'role',
  'autoComplete',
  'inputMode',
  'accept',
  'href',
  'to',
]);

/** Whether a string literal node is code rather than text: a key, a type, an import, a class… */
function isCodeString(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isExternalModuleReference(parent) || ts.isImportTypeNode(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isPropertySignature(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  // import('…') and require('…') take paths.
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
    if (ts.isIdentifier(callee) && callee.text === 'require') return true;
  }
  if (ts.isJsxAttribute(parent)) return NON_PROSE_ATTRIBUTES.has(parent.name.getText());
  return false;
}

interface SpellingHit {
  where: string;
  word: string;
  text: string;
}

/** The unaccented words of one file's prose: string literals, template text and JSX text. */
function scanSourceFile(file: string, text = readFileSync(file, 'utf8')): SpellingHit[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const relative = path.relative(ROOT, file);
  const allowed = new Set(NOT_PROSE.filter((entry) => entry.file === relative).map((e) => e.text));
  const hits: SpellingHit[] = [];
  const check = (node: ts.Node, text: string) => {
    if (allowed.has(text)) return;
    for (const word of unaccentedWordsIn(text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      hits.push({ where: `src/${relative}:${line + 1}`, word, text: text.trim().slice(0, 80) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCodeString(node)) check(node, node.text);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      check(node, node.text);
    } else if (ts.isJsxText(node)) {
      check(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

// ---------------------------------------------------------------------------------------------
// The generated documents

const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Ana Maria Souza',
  prescriptionName: 'Dra. Ana M. Souza',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana.souza@exemplo.com.br',
};

const NOW = new Date(2026, 10, 21, 14, 30);

/** A full record of a visit, the patient's sex given. */
function sampleRecord(gender: Gender, age?: number): WorkingRecord {
  const woman = gender === 'feminino';
  return {
    id: 'record-1',
    status: 'finalizado',
    currentStep: 'prescriptions',
    steps: {},
    createdAt: '2026-11-21T14:00:00.000Z',
    updatedAt: '2026-11-21T14:30:00.000Z',
    patientInfo: {
      name: woman ? 'Maria Aparecida Souza' : 'José Carlos Lima',
      ...(age === undefined ? {} : { age }),
      gender,
      allergies: ['dipirona'],
      medications: ['losartana 50 mg'],
      chronicConditions: ['hipertensão arterial sistêmica'],
    },
    symptoms: {
      chiefComplaint: 'dor de cabeça',
      currentSymptoms: ['tontura', 'náusea'],
      duration: '3 dias',
      intensity: 'intensa',
      additionalInfo: 'Piora ao fim do dia.',
    },
    physicalExam: {
      vitalSigns: {
        bloodPressure: '160/100',
        heartRate: 88,
        temperature: 36.8,
        weight: 78.5,
        height: 161,
        bmi: 30.3,
      },
      generalAppearance: 'Bom estado geral, corada, hidratada.',
    },
    assessment: 'Crise hipertensiva (CID I10).',
    plan: 'Reintroduzir losartana. Retorno em 7 dias.',
    prescriptions: {
      medications: [
        {
          name: 'Losartana',
          dosage: '50 mg',
          frequency: '12/12h',
          duration: 'uso contínuo',
          instructions: 'Tomar 1 comprimido',
        },
      ],
      exams: [{ name: 'Creatinina', type: 'laboratorial', priority: 'rotina' }],
      additionalNotes: 'Reduzir o sal da dieta.',
    },
  } as WorkingRecord;
}

/** The record as the screen and the printout show it, and as the downloaded file. */
function recordTexts(record: WorkingRecord): string[] {
  const narrative = buildRecordNarrative(record, settings, NOW);
  const shown = [
    narrative.title,
    ...narrative.sections.flatMap((section) => [section.title, ...section.lines]),
    ...narrative.medications,
    ...narrative.exams,
    narrative.generatedOn,
  ];
  return [shown.join('\n'), buildRecordDocument(record, settings, NOW)];
}

function receitaTexts(): string[] {
  const prescription: ReceitaPrescription = {
    id: 'rx-1',
    patientName: 'Maria Aparecida Souza',
    patientAge: '58',
    diagnosis: 'Hipertensão arterial sistêmica',
    notes: 'Retorno em 30 dias.',
    date: '2026-11-21',
    medications: [
      {
        name: 'Losartana',
        dosage: '50mg',
        frequency: '12/12h',
        duration: 'uso contínuo',
        instructions: 'Tomar 1 comprimido',
        quantity: '60',
      },
    ],
  };
  // The document is plain data: every string in it is printed.
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(buildReceitaDocument(prescription, settings));
  return strings;
}

/** A consultation as the voice transcription writes it, the doctor speaking in the first person. */
const CONSULTATION = [
  'Médica: Bom dia, qual o seu nome?',
  'Paciente: Maria Aparecida Souza, tenho 58 anos.',
  'Médica: O que a senhora está sentindo?',
  'Paciente: Estou com dor de cabeça muito forte há 3 dias, e tontura. Tenho pressão alta mas parei a losartana faz um mês.',
  'Médica: A senhora tem alergia a algum remédio?',
  'Paciente: Sou alérgica a dipirona.',
  'Médica: Vou examinar. Pressão 16 por 10, frequência cardíaca 88, peso 78,5 quilos, altura 1,61.',
  'Médica: É uma crise hipertensiva. Vou reintroduzir losartana 50 mg de 12 em 12 horas. Vou pedir hemograma e creatinina.',
  'Médica: Então, vou reintroduzir losartana 50 mg de 12 em 12 horas. Retorno em 7 dias.',
].join('\n');

/** The anamnesis view's sections, each with its title, as one text apiece. */
function anamnesisTexts(): string[] {
  const anamnesis = buildStructuredAnamnesis(extractMedicalData(CONSULTATION), CONSULTATION);
  return anamnesisSections(anamnesis).map((section) =>
    [section.title, ...section.lines].join('\n'),
  );
}

/**
 * The sentences of a text, compared without case, accents, punctuation or a spoken opening
 * ('Então, vou…' says what 'Vou…' says).
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
    .map((sentence) => sentence.replace(/[^a-z0-9]+/g, ' ').trim())
    .map((sentence) => sentence.replace(/^(?:(?:entao|agora|bom|olha|ok) )+/, ''))
    .filter((sentence) => sentence.split(' ').length >= 3);
}

/** What is wrong with a generated text, one message per fault. */
function documentFaults(text: string): string[] {
  const faults = unaccentedWordsIn(text).map((word) => `'${word}' sem acento`);
  if (/intensidade intensa/i.test(text)) faults.push("'de intensidade intensa'");
  // A decimal point between digits, except in codes such as CID I10.0 (a letter before them).
  for (const match of text.matchAll(/(?<![\p{L}\d.])\d+\.\d+(?![\d.])/gu)) {
    faults.push(`'${match[0]}' com ponto decimal`);
  }
  return faults;
}

const FIRST_PERSON = /\b(vou|vamos|prescrevo|reintroduzo|solicito|peço|passo|receito)\b/i;

describe('the spelling of what people read', () => {
  it('finds the unaccented words, leaving alone words written correctly', () => {
    expect(unaccentedWordsIn('Selecione o genero — Não informado, prescricao')).toEqual([
      'genero',
      'prescricao',
    ]);
    expect(unaccentedWordsIn('Gênero, prescrição, Observações, já, também')).toEqual([]);
  });

  it('reads string literals, template text and JSX text, but not keys, types or classes', () => {
    const file = path.join(ROOT, 'shared', 'portuguese-spelling.fixture.tsx');
    const text = [
      "import x from './nao';",
      "type Status = 'nao';",
      "const keys = { 'nao': 1, label: 'Nao informado' };",
      'const note = `paciente ${x} nao`;',
      'const view = <p className="nao">Observacoes</p>;',
      "const pattern = /nao/; const nao = 1; call('/iniciar-prontuario');",
    ].join('\n');
    const hits = scanSourceFile(file, text);
    expect(hits.map((hit) => `${hit.where} ${hit.word}`)).toEqual([
      'src/shared/portuguese-spelling.fixture.tsx:3 Nao',
      'src/shared/portuguese-spelling.fixture.tsx:4 nao',
      'src/shared/portuguese-spelling.fixture.tsx:5 Observacoes',
    ]);
  });

  // Parsing a few hundred files takes a second alone, many more beside other test files on a
  // busy machine: the default five seconds are not enough there.
  it(
    'has no unaccented words in the prose of src/web, src/shared and src/server',
    {
      timeout: 60_000,
    },
    () => {
      const hits = SCANNED_FOLDERS.flatMap((folder) =>
        sourceFiles(path.join(ROOT, folder)),
      ).flatMap((file) => scanSourceFile(file));
      expect(hits.map((hit) => `${hit.where} '${hit.word}': ${hit.text}`)).toEqual([]);
    },
  );

  describe('in the documents Prontu writes', () => {
    const documents: [string, () => string[]][] = [
      ['the record of a woman', () => recordTexts(sampleRecord('feminino', 58))],
      ['the record of a man', () => recordTexts(sampleRecord('masculino'))],
      ['a receita', receitaTexts],
      ['the offline anamnesis of a consultation', anamnesisTexts],
    ];

    it.each(documents)('%s has accents, decimal commas and no odd phrasing', (_name, texts) => {
      const faults = texts().flatMap((text) => documentFaults(text).map((f) => `${f}: ${text}`));
      expect(faults).toEqual([]);
    });

    it.each(documents)('%s repeats no sentence within a text', (_name, texts) => {
      const repeated = texts().flatMap((text) => {
        const sentences = sentencesOf(text);
        return sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index);
      });
      expect(repeated).toEqual([]);
    });

    it('the anamnesis speaks of the doctor in the third person', () => {
      const firstPerson = anamnesisTexts().filter((text) => FIRST_PERSON.test(text));
      expect(firstPerson).toEqual([]);
    });

    it("the record agrees with the patient's sex", () => {
      const woman = recordTexts(sampleRecord('feminino', 58)).join('\n');
      const man = recordTexts(sampleRecord('masculino', 60)).join('\n');
      expect(woman).toMatch(/\bA paciente\b/);
      expect(woman).not.toMatch(/\balérgico\b|\bO paciente\b/);
      expect(man).not.toMatch(/\balérgica\b|\bA paciente\b/);
    });
  });
});
