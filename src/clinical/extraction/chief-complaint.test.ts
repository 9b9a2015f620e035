import { describe, expect, it } from 'vitest';
import { extractChiefComplaint } from './chief-complaint';
import { parseConsultation } from './consultation-text';

const complaintOf = (text: string) => extractChiefComplaint(parseConsultation(text))?.text;

describe('extractChiefComplaint', () => {
  it("reads the answer to the doctor's opening question", () => {
    expect(
      complaintOf(
        'Médico: O que traz o senhor aqui?\nPaciente: Tô com uma tosse seca que não para, doutor.',
      ),
    ).toBe('Tosse seca');
    expect(
      complaintOf(
        'Médica: Me conta, o que houve?\nPaciente: Vim por causa de uma coceira na pele.',
      ),
    ).toBe('Coceira na pele');
  });

  it('reads a pain told by the body part', () => {
    expect(
      complaintOf('Médico: O que foi?\nPaciente: Meu joelho tá doendo demais desde sábado.'),
    ).toBe('Dor no joelho');
    expect(complaintOf('Médico: O que houve?\nPaciente: Minha cabeça dói muito.')).toBe(
      'Dor de cabeça',
    );
  });

  it('names a state the patient describes as the symptom', () => {
    expect(
      complaintOf('Médico: Em que posso ajudar?\nPaciente: Ando muito cansado, sem ânimo.'),
    ).toBe('Cansaço');
  });

  it("reads a note's QP line without the duration", () => {
    expect(complaintOf('QP: tontura há 4 dias.\nHDA: refere tontura rotatória.')).toBe('Tontura');
  });

  it("reads a dictation's lead-in", () => {
    expect(complaintOf('Paciente procura atendimento por vômitos e diarreia há 1 dia.')).toBe(
      'Vômitos e diarreia',
    );
    expect(complaintOf('Comparece com quadro de dor abdominal em cólica, sem febre.')).toBe(
      'Dor abdominal em cólica',
    );
  });

  it('skips a denied symptom', () => {
    expect(complaintOf('Médico: O que sente?\nPaciente: Febre não, mas tenho dor no peito.')).toBe(
      'Dor no peito',
    );
  });

  it('skips an allergy told before the reason for the visit', () => {
    expect(
      complaintOf(
        'Paciente de 50 anos. Refere alergia a dipirona. Vem com queixa de dor no ombro esquerdo.',
      ),
    ).toBe('Dor no ombro esquerdo');
  });

  it('names the body part with its state, not a lone adjective', () => {
    expect(
      complaintOf(
        'Médico: O que houve?\nPaciente: Amanheci com o tornozelo esquerdo inchado e roxo.',
      ),
    ).toBe('Tornozelo esquerdo inchado');
  });

  it("reads the complaint in a SOAP note's S: line", () => {
    expect(complaintOf('S: Refere alergia a sulfa. Dor lombar há 3 dias.\nO: PA 120x80.')).toBe(
      'Dor lombar',
    );
  });

  it('still reads a skin allergy as a complaint', () => {
    expect(complaintOf('Médico: O que houve?\nPaciente: Tô com uma alergia na pele.')).toBe(
      'Alergia na pele',
    );
  });
});

describe('extractChiefComplaint: names that hold symptom words', () => {
  it("never takes a name ('Maria das Dores Silva') for a complaint", () => {
    expect(complaintOf('Paciente Maria das Dores Silva, 40 anos.')).toBeUndefined();
    expect(
      complaintOf('Paciente Maria das Dores Silva, 40 anos, com dor de cabeça há 2 dias.'),
    ).toBe('Dor de cabeça');
  });

  it('near miss: a capitalised complaint after a header', () => {
    expect(complaintOf('QP: Dores no corpo.')).toBe('Dores no corpo');
  });
});

describe('extractChiefComplaint: a transcript with no punctuation or speakers', () => {
  it('stops the complaint at a measurement, a vital sign or a duration', () => {
    expect(complaintOf('paulo trinta anos veio com febre de trinta e oito e meio há um dia')).toBe(
      'Febre',
    );
    expect(complaintOf('dona rita sessenta anos com dor de cabeça pressão dezesseis por dez')).toBe(
      'Dor de cabeça',
    );
  });

  it('skips a symptom that is only the condition of a prescription', () => {
    expect(
      complaintOf('retorno de exames vou manter a losartana e dipirona se dor ou febre'),
    ).toBeUndefined();
  });
});
