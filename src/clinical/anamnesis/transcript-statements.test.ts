import { describe, expect, it } from 'vitest';
import { readTranscriptStatements as read } from './transcript-statements';

describe('readTranscriptStatements: denials', () => {
  it.each([
    'Nega alergias.',
    'Nega alergia medicamentosa.',
    'Sem alergias conhecidas.',
    'Não tenho alergia a nada.',
    'Não sou alérgica.',
    'Alergias: nega.',
    'Médico: É alérgico a algum remédio?\nPaciente: Não, nenhum.',
    'É alérgico a alguma coisa? Não que eu saiba.',
  ])('%j denies allergies', (transcript) => {
    expect(read(transcript).allergiesDenied).toBe(true);
  });

  it.each([
    'Alérgico a dipirona.',
    'Médico: Tem alergia?\nPaciente: Tenho, a penicilina.',
    'Médico: Tem alergia?\nPaciente: Não, só a dipirona.',
    'Paciente com dor de garganta.',
    'Médico: Tem alergia?',
  ])('%j does not', (transcript) => {
    expect(read(transcript).allergiesDenied).toBe(false);
  });

  it('reads "no" to a question on diseases and medicines as both denied, but not an allergy question', () => {
    const statements = read(
      'Médico: Tem alguma doença, pressão alta, diabetes? Toma remédio todo dia?\n' +
        'Paciente: Não, graças a Deus.\n' +
        'Médico: Alergia a algum remédio?\nPaciente: Tenho, a sulfa.',
    );
    expect(statements.chronicConditionsDenied).toBe(true);
    expect(statements.continuousMedicationDenied).toBe(true);
    expect(statements.allergiesDenied).toBe(false);

    const allergyOnly = read('Médico: Tem alergia a algum remédio?\nPaciente: Não.');
    expect(allergyOnly.allergiesDenied).toBe(true);
    expect(allergyOnly.continuousMedicationDenied).toBe(false);
    expect(allergyOnly.chronicConditionsDenied).toBe(false);
  });

  it.each([
    ['AP: nega comorbidades.', true, false],
    ['Previamente hígido.', true, false],
    ['Não tenho nenhuma doença.', true, false],
    ['Não toma nenhum remédio.', false, true],
    ['Nega uso contínuo de medicamentos.', false, true],
    ['Medicações em uso: nenhuma.', false, true],
    ['Médico: Usa algum remédio?\nPaciente: Não, só o da pressão.', false, false],
  ])('%j → comorbidities denied %s, medicines denied %s', (transcript, conditions, medicines) => {
    const statements = read(transcript);
    expect(statements.chronicConditionsDenied).toBe(conditions);
    expect(statements.continuousMedicationDenied).toBe(medicines);
  });

  it('pairs a question with the next sentence when the text has no speaker labels', () => {
    expect(read('Tem alergia? Não. Tem febre? Sim.').allergiesDenied).toBe(true);
  });
});

describe('readTranscriptStatements: habits', () => {
  it.each([
    ['Nega tabagismo.', ['Nega tabagismo']],
    ['Não fuma e não bebe.', ['Nega tabagismo', 'Nega etilismo']],
    ['Ex-tabagista, parou há 5 anos.', ['Ex-tabagista']],
    ['Parei de fumar ano passado.', ['Ex-tabagista']],
    ['Fuma 20 cigarros por dia.', ['Tabagista (20 cigarros por dia)']],
    ['Tabagista.', ['Tabagista']],
    ['Etilista social.', ['Etilismo social']],
    ['Bebo socialmente, nos fins de semana.', ['Etilismo social']],
    ['Nega etilismo.', ['Nega etilismo']],
    ['Bebe cerveja todo dia.', ['Etilista']],
    ['Sedentário.', ['Sedentarismo']],
    ['Pratica caminhada três vezes por semana.', ['Pratica atividade física']],
    ['Nega uso de drogas.', ['Nega uso de drogas ilícitas']],
  ])('%j → %j', (transcript, habits) => {
    expect(read(transcript).habits).toEqual(habits);
  });

  it('reads habits from questions and answers', () => {
    expect(read('Médico: O senhor fuma?\nPaciente: Não, nunca fumei.').habits).toEqual([
      'Nega tabagismo',
    ]);
    expect(read('Médico: Fuma?\nPaciente: Parei faz dois anos.').habits).toEqual(['Ex-tabagista']);
    expect(read('Médico: Bebe?\nPaciente: Só uma cerveja de vez em quando.').habits).toEqual([
      'Etilismo social',
    ]);
    expect(read('Médico: Faz atividade física?\nPaciente: Não.').habits).toEqual(['Sedentarismo']);
  });

  it('does not read water or a question as a habit', () => {
    expect(read('Não bebe água suficiente.').habits).toEqual([]);
    expect(read('Você fuma?').habits).toEqual([]);
  });
});

describe('readTranscriptStatements: family and social history', () => {
  it('quotes sentences about relatives’ diseases, in the third person', () => {
    expect(
      read('Paciente: Minha mãe tem pressão alta. E meu pai morreu de infarto. Eu moro sozinho.')
        .familyHistory,
    ).toEqual(['Mãe tem pressão alta.', 'E meu pai morreu de infarto.']);
  });

  it('records a denial of family history', () => {
    expect(read('Nega antecedentes familiares relevantes.').familyHistory).toEqual([
      'Nega antecedentes familiares relevantes.',
    ]);
    expect(
      read('Médico: Alguém na família tem doença do coração?\nPaciente: Não.').familyHistory,
    ).toEqual(['Nega antecedentes familiares relevantes.']);
  });

  it('ignores a relative who only brings the patient', () => {
    expect(read('A mãe refere que a criança teve febre.').familyHistory).toEqual([]);
  });

  it('quotes work, home and marital situation', () => {
    expect(read('Trabalha como pedreiro. Mora com a esposa. Tem dor.').socialHistory).toEqual([
      'Trabalha como pedreiro.',
      'Mora com a esposa.',
    ]);
    expect(
      read('Médico: Com o que o senhor trabalha?\nPaciente: Sou motorista de ônibus.')
        .socialHistory,
    ).toEqual(['Sou motorista de ônibus.']);
  });
});

describe('readTranscriptStatements: denied symptoms', () => {
  it('lists the symptoms after "nega", one by one', () => {
    expect(
      read('Nega febre, vômitos e diarreia. Nega dispneia ou dor torácica.').deniedSymptoms,
    ).toEqual(['febre', 'vômitos', 'diarreia', 'dispneia', 'dor torácica']);
  });

  it('drops a repeated "nega", what follows "mas", and topics with a field of their own', () => {
    expect(
      read('Nega febre, nega dor lombar, mas refere calafrios. Nega alergias e tabagismo.')
        .deniedSymptoms,
    ).toEqual(['febre', 'dor lombar']);
  });

  it('reads nothing from questions', () => {
    expect(read('Nega febre?').deniedSymptoms).toEqual([]);
  });
});
