import { describe, expect, it } from 'vitest';
import { mustIssueOnPaper } from '@shared/prescriptions/receita-class';
import { receitaClassOf } from './medicine-receita-class';

const classOf = (name: string, dosage?: string) => receitaClassOf([{ name, dosage }]);

describe('receitaClassOf (RDC 1.000/2025)', () => {
  it('leaves an ordinary medicine on a simple receita, digitally signed', () => {
    expect(classOf('Losartana', '50 mg')).toBe('simples');
    expect(classOf('Dipirona 500 mg')).toBe('simples');
    expect(receitaClassOf([])).toBe('simples');
    expect(mustIssueOnPaper('simples')).toBe(false);
  });

  it('retains antimicrobials and the five GLP-1 agonists, by generic or brand', () => {
    for (const name of ['Amoxicilina 500 mg', 'Azitromicina', 'Bactrim F', 'Cefalexina']) {
      expect(classOf(name)).toBe('retencao');
    }
    for (const name of [
      'Semaglutida 1 mg',
      'Ozempic',
      'Wegovy',
      'Rybelsus 7 mg',
      'Liraglutida',
      'Saxenda',
      'Victoza',
      'Dulaglutida',
      'Trulicity',
      'Tirzepatida 5 mg',
      'Mounjaro',
      'Lixisenatida',
    ]) {
      expect(classOf(name)).toBe('retencao');
    }
    // 'Levo' is levofloxacino at 500 mg, levotiroxina at 50 mcg.
    expect(classOf('Levo', '500 mg')).toBe('retencao');
    expect(classOf('Levo', '50 mcg')).toBe('simples');
  });

  it('puts C1, C4, C5 and the A2 addendum on the Receita de Controle Especial', () => {
    expect(classOf('Sertralina 50 mg')).toBe('controle_especial');
    expect(classOf('Cloridrato de fluoxetina')).toBe('controle_especial');
    expect(classOf('Zidovudina')).toBe('controle_especial');
    expect(classOf('Testosterona')).toBe('controle_especial');
    expect(classOf('Tramadol', '50 mg')).toBe('controle_especial');
    expect(classOf('Paracetamol + codeína', '500 mg + 30 mg')).toBe('controle_especial');
  });

  it('puts A, B, B2, retinoids and talidomida on a Notificação de Receita', () => {
    for (const name of [
      'Morfina 10 mg',
      'Metilfenidato',
      'Rivotril',
      'Clonazepam 2 mg',
      'Zolpidem',
      'Sibutramina',
      'Isotretinoína 20 mg',
      'Talidomida 100 mg',
    ]) {
      expect(classOf(name)).toBe('notificacao');
    }
    expect(classOf('Tramadol', '200 mg')).toBe('notificacao');
  });

  it('takes the most controlled of a receita’s medicines', () => {
    expect(
      receitaClassOf([{ name: 'Dipirona' }, { name: 'Amoxicilina' }, { name: 'Losartana' }]),
    ).toBe('retencao');
    expect(receitaClassOf([{ name: 'Amoxicilina' }, { name: 'Sertralina' }])).toBe(
      'controle_especial',
    );
    expect(receitaClassOf([{ name: 'Sertralina' }, { name: 'Alprazolam' }])).toBe('notificacao');
    for (const kind of ['retencao', 'controle_especial', 'notificacao'] as const) {
      expect(mustIssueOnPaper(kind)).toBe(true);
    }
  });
});
