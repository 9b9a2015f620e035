import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractRequestedExams } from './requested-exams';

const examsOf = (text: string) => extractRequestedExams(parseConsultation(text));

describe('extractRequestedExams', () => {
  it('reads a list after "solicito" with each exam\'s type', () => {
    expect(examsOf('Solicito hemograma, TSH, ultrassonografia de tireoide e ECG.')).toEqual([
      { name: 'hemograma', type: 'laboratorial', priority: 'rotina' },
      { name: 'TSH', type: 'laboratorial', priority: 'rotina' },
      { name: 'ultrassonografia de tireoide', type: 'imagem', priority: 'rotina' },
      { name: 'ECG', type: 'funcional', priority: 'rotina' },
    ]);
  });

  it('reads the doctor asking for exams in a dialogue, without the when', () => {
    const exams = examsOf(
      'Médico: Vou pedir um raio-x do joelho e uma glicemia de jejum daqui a 10 dias.',
    );
    expect(exams.map((e) => e.name)).toEqual(['raio-x do joelho', 'glicemia de jejum']);
  });

  it('ignores refusals and what is not an exam', () => {
    expect(examsOf('Médico: Não vou pedir exame agora.')).toEqual([]);
    expect(examsOf('Médico: Vou pedir para você voltar em 15 dias.')).toEqual([]);
  });
});
