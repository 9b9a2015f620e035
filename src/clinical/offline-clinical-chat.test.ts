import { describe, expect, it } from 'vitest';
import type { RecordContent } from '@shared/records/medical-record';
import { findSpecialistAgent, type SpecialistAgent } from '@shared/chat/specialist-agents';
import { builtInCid10Index } from './cid10/search-index';
import {
  composeOfflineClinicalReply,
  type OfflineClinicalChatInput,
} from './offline-clinical-chat';

const cid10 = builtInCid10Index();

function agent(id: string): SpecialistAgent {
  const found = findSpecialistAgent(id);
  if (!found) throw new Error(`unknown agent ${id}`);
  return found;
}

function ask(content: string, options: Partial<OfflineClinicalChatInput> = {}) {
  return composeOfflineClinicalReply({
    messages: [{ role: 'user', content }],
    agent: undefined,
    cid10,
    ...options,
  });
}

describe('emergencies', () => {
  it.each([
    'Paciente com dor no peito há 20 minutos',
    'DOR TORACICA irradiando',
    'suspeita de infarto',
    'não consegue respirar',
    'nao consigo respirar',
    'sangramento intenso',
    'desmaiou na sala de espera',
    'overdose de benzodiazepínico',
    'intoxicação exógena',
    'acidente grave de moto',
    'fratura exposta de tíbia',
    'queimadura grave no tronco',
    'criança em convulsão',
  ])('%s → SAMU 192', (text) => {
    const reply = ask(text);
    expect(reply.kind).toBe('emergency');
    expect(reply.text).toContain('SAMU 192');
    expect(reply.text).toContain('pronto-socorro');
  });

  it('beats every other kind of question, in any mode', () => {
    for (const text of [
      'qual o CID de dor no peito?',
      'CID I21 infarto',
      'dose de paracetamol em intoxicação',
      'o que falta no prontuário do paciente com convulsão?',
      'Olá, paciente desmaiou',
    ]) {
      expect(ask(text, { agent: agent('dermatologist') }).kind).toBe('emergency');
    }
  });
});

describe('CID-10 codes', () => {
  it('gives the official description and category of a code', () => {
    const reply = ask('o que é o CID J45.9?');
    expect(reply.kind).toBe('cid-code');
    expect(reply.text).toContain('**J45.9** — Asma não especificada (categoria J45: Asma)');
  });

  it('reads a code in any case, with or without the dot, after "CID"', () => {
    for (const text of ['CID I10', 'cid i10', 'I10', 'qual o código I10?']) {
      const reply = ask(text);
      expect(reply.kind, text).toBe('cid-code');
      expect(reply.text).toContain('**I10** — Hipertensão essencial (primária)');
    }
    expect(ask('cid j459').text).toContain('**J45.9** — Asma não especificada');
    expect(ask('j45.9').text).toContain('**J45.9** — Asma não especificada');
  });

  it('lists the subcategories of a category', () => {
    const reply = ask('o que é o CID J45?');
    expect(reply.kind).toBe('cid-code');
    expect(reply.text).toContain('**J45** — Asma (categoria)');
    expect(reply.text).toContain('**J45.0** — Asma predominantemente alérgica');
    // No '(categoria J45: Asma)' repeated under the category itself.
    expect(reply.text).toMatch(/^ {2}- \*\*J45\.9\*\* — Asma não especificada$/m);
  });

  it('answers several codes at once', () => {
    const reply = ask('CID E11.9 e I10');
    expect(reply.text).toContain('**E11.9**');
    expect(reply.text).toContain('**I10**');
  });

  it('says when a code is not in the catalogue', () => {
    const unknown = ask('CID U99.9');
    expect(unknown.kind).toBe('cid-code');
    expect(unknown.text).toContain('**U99.9**: não está no catálogo CID-10 deste servidor.');
    const unknownSubcategory = ask('CID J45.7');
    expect(unknownSubcategory.text).toContain('**J45.7**: não está no catálogo');
    expect(unknownSubcategory.text).toContain('Na categoria J45 (Asma) há:');
  });

  it('does not read a vitamin or hormone as a code in a clinical sentence', () => {
    expect(ask('paciente com B12 baixa e T4 livre normal').kind).toBe('needs-model');
  });
});

describe('CID-10 search', () => {
  it('gives the top 3 codes for a diagnosis, accents or not', () => {
    for (const text of [
      'qual o CID de hipertensão?',
      'qual o cid de hipertensao',
      'CID-10 para HAS',
    ]) {
      const reply = ask(text);
      expect(reply.kind, text).toBe('cid-search');
      expect(reply.text).toContain('- **I10** — Hipertensão essencial (primária)');
      expect(reply.text.match(/^- \*\*/gm)?.length ?? 0).toBeLessThanOrEqual(3);
    }
  });

  it('finds lay terms and drops the article', () => {
    const reply = ask('CID da dor lombar?');
    expect(reply.text).toContain('“dor lombar”');
    expect(reply.text).toMatch(/^- \*\*M54\.5\*\* — Dor lombar baixa/m);
  });

  it('searches the diagnosis, not the words around it, and leaves weak matches out', () => {
    const reply = ask('qual o cid para paciente com dor de cabeça?');
    expect(reply.text).toContain('“dor de cabeça”');
    expect(reply.text).toContain('- **R51** — Cefaléia');
    expect(reply.text).not.toContain('Tuberculose');
  });

  it('says when nothing matches', () => {
    const reply = ask('cid de xyzzyqwv');
    expect(reply.kind).toBe('cid-search');
    expect(reply.text).toContain('Não encontrei');
  });
});

describe('usual doses', () => {
  it('gives the table regimen with the maximum and a reminder to adjust', () => {
    const reply = ask('qual a dose de amoxicilina?');
    expect(reply.kind).toBe('dosing');
    expect(reply.text).toContain('**amoxicilina**');
    expect(reply.text).toContain('- Dose: 500 mg');
    expect(reply.text).toContain('- Frequência: de 8/8h');
    expect(reply.text).toContain('- Dose máxima diária: 3 g por dia');
    expect(reply.text).toMatch(/Ajuste ao paciente: peso.*função renal.*alergias/);
  });

  it('understands posologia, dose máxima, brand names and no accents', () => {
    expect(ask('posologia da dipirona').text).toContain('**dipirona**');
    expect(ask('Dose máxima de paracetamol?').text).toContain('Dose máxima diária: 4 g por dia');
    expect(ask('dose maxima de paracetamol').kind).toBe('dosing');
    expect(ask('dose de Novalgina').text).toContain('**dipirona**');
    expect(ask('dose do salbutamol').text).toContain('8 jatos por dia');
  });

  it('omits the maximum when the table has none, and warns for children', () => {
    const prednisona = ask('posologia de prednisona');
    expect(prednisona.kind).toBe('dosing');
    expect(prednisona.text).not.toContain('Dose máxima');
    expect(ask('dose de amoxicilina para criança de 20 kg').text).toContain('pelo peso (mg/kg)');
    expect(ask('dose de amoxicilina', { agent: agent('pediatrician') }).text).toContain(
      'pelo peso (mg/kg)',
    );
  });

  it('says it has no dosing data for a known medicine outside the table', () => {
    const reply = ask('qual a dose de varfarina?');
    expect(reply.kind).toBe('needs-model');
    expect(reply.text).toContain('Não tenho a posologia de **varfarina**');
    expect(reply.text).toContain('O administrador da clínica pode ligar um modelo');
  });

  it('falls to needs-model for a medicine it does not know', () => {
    const reply = ask('qual a dose de xyzamabe?');
    expect(reply.kind).toBe('needs-model');
    expect(reply.text).not.toContain('Não tenho a posologia');
  });
});

describe('what the record lacks', () => {
  const partial: RecordContent = {
    patientInfo: { name: 'Maria Souza', age: 54 },
    symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
    assessment: 'Cefaleia tensional',
    status: 'em_andamento',
  };

  it('lists the missing steps of the open record', () => {
    for (const text of ['o que falta no prontuário?', 'O que ainda falta preencher?']) {
      const reply = ask(text, { record: partial });
      expect(reply.kind, text).toBe('record-gaps');
      expect(reply.text).toContain('No prontuário de **Maria Souza** ainda falta:');
      expect(reply.text).toContain('- **Exame Físico**: descrição do exame físico');
      expect(reply.text).toContain('- **Prescrições**: ao menos um medicamento ou exame');
      expect(reply.text).toContain('- **Plano**: plano terapêutico');
      expect(reply.text).not.toContain('**Paciente**');
      expect(reply.text).not.toContain('**Sintomas**');
      expect(reply.text).toContain('Vale registrar também: sinais vitais.');
      expect(reply.text).toContain('Etapas preenchidas: 3 de 6.');
    }
  });

  it('says when every step is filled, and when the record is finalised', () => {
    const complete: RecordContent = {
      ...partial,
      physicalExam: { generalAppearance: 'BEG', vitalSigns: { bloodPressure: '120/80' } },
      prescriptions: { medications: [{ name: 'Paracetamol 750 mg' }] },
      plan: 'Retorno em 7 dias',
    };
    expect(ask('o que falta no prontuario', { record: complete }).text).toContain(
      'O prontuário de **Maria Souza** tem todas as etapas preenchidas',
    );
    expect(
      ask('o prontuário está completo?', { record: { ...complete, status: 'finalizado' } }).text,
    ).toContain('está completo e finalizado');
  });

  it('says no record is open and how to start one', () => {
    const reply = ask('o que falta no prontuário?');
    expect(reply.kind).toBe('record-gaps');
    expect(reply.text).toContain('Nenhum prontuário está aberto');
    expect(reply.text).toContain('Novo Prontuário');
  });
});

describe('greetings', () => {
  it('greets as the chosen agent and lists what it answers offline', () => {
    const reply = ask('Olá, Agente Cardiologista!', { agent: agent('cardiologist') });
    expect(reply.kind).toBe('greeting');
    expect(reply.text).toMatch(/^Agente Cardiologista \(modo offline\): Olá! Sou o Agente/);
    expect(reply.text).toContain('sem IA');
    expect(reply.text).toContain('CID-10');
    expect(reply.text).toContain('posologia');
    expect(reply.text).toContain('prontuário aberto');
  });

  it('greets as Prontu in the general mode', () => {
    for (const text of ['oi', 'Bom dia, doutor, tudo bem?', 'ajuda', 'o que você faz?']) {
      const reply = ask(text);
      expect(reply.kind, text).toBe('greeting');
      expect(reply.text).toMatch(/^Prontu \(modo offline\): Olá! Sou o Prontu/);
    }
  });

  it('answers an empty conversation with the greeting', () => {
    expect(composeOfflineClinicalReply({ messages: [], agent: undefined, cid10 }).kind).toBe(
      'greeting',
    );
  });

  it('does not take a clinical question that opens with a greeting for one', () => {
    expect(ask('Bom dia, paciente com febre há 3 dias e tosse produtiva').kind).toBe('needs-model');
  });
});

describe('anything else', () => {
  it('is honest that no model is configured and lists what it can do', () => {
    const reply = ask('Qual a conduta na pneumonia comunitária em idoso?', {
      agent: agent('pulmonologist'),
    });
    expect(reply.kind).toBe('needs-model');
    expect(reply.text).toMatch(
      /^Agente Pneumologista \(modo offline\): Este servidor não tem um modelo/,
    );
    expect(reply.text).toContain('O administrador da clínica pode ligar um modelo');
    expect(reply.text).toContain('qual a dose de amoxicilina?');
    expect(reply.text).toContain('o que falta no prontuário?');
  });

  it('answers the last user message, not an earlier one', () => {
    const reply = composeOfflineClinicalReply({
      messages: [
        { role: 'user', content: 'CID I10' },
        { role: 'assistant', content: 'Prontu (modo offline): …' },
        { role: 'user', content: 'dose de losartana' },
        { role: 'assistant', content: 'resposta anterior com CID J45' },
      ],
      agent: undefined,
      cid10,
    });
    expect(reply.kind).toBe('dosing');
    expect(reply.text).toMatch(/^Prontu \(modo offline\): Posologia usual de \*\*losartana\*\*/);
  });

  it('speaks in the voice of the agent in every non-emergency reply', () => {
    const emergencyAgent = agent('emergency-physician');
    for (const text of [
      'CID I10',
      'cid de asma',
      'dose de dipirona',
      'o que falta no prontuário',
      'oi',
      'e a sepse?',
    ]) {
      expect(ask(text, { agent: emergencyAgent }).text).toMatch(
        /^Agente de Emergência \(modo offline\): /,
      );
    }
  });
});

describe("the patient's earlier visits", () => {
  const history = {
    name: 'Maria Aparecida',
    allergies: ['Dipirona'],
    chronicConditions: ['Hipertensão'],
    medications: ['Losartana 50 mg'],
    visits: [
      {
        date: '2026-10-12T13:00:00.000Z',
        bloodPressure: '150x95',
        heartRate: 88,
        assessment: 'HAS não controlada',
        plan: 'Aumentar losartana para 100 mg',
      },
      { date: '2026-06-01T13:00:00.000Z', bloodPressure: '140x90' },
    ],
  };

  it('says what the last visit measured, assessed and planned', () => {
    const reply = ask('Como estava a pressão na última consulta?', { history });
    expect(reply.kind).toBe('patient-history');
    expect(reply.text).toContain(
      'na última consulta, em 12/10/2026, a PA era 150x95 mmHg e a FC era 88 bpm.',
    );
    expect(reply.text).toContain('- Plano: Aumentar losartana para 100 mg');
    expect(reply.text).toContain('- 01/06/2026 — PA 140x90 mmHg');
    expect(reply.text).toContain('**Alergias:** Dipirona');
    expect(reply.text).toMatch(/^Prontu \(modo offline\)/);
  });

  it('says so when the record is not linked to a patient, or she has no earlier visit', () => {
    expect(ask('e o histórico?').text).toContain('não está ligado à ficha de um paciente');
    expect(ask('e na consulta anterior?', { history: { ...history, visits: [] } }).text).toContain(
      'não tem consultas anteriores',
    );
  });
});
