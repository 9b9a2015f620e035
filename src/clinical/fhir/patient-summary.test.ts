// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { generatedOnText } from '@shared/records/narrative';
import type { PatientExport } from './patient-export';
import { patientSummaryHtml } from './patient-summary';
import {
  FIRST_VISIT,
  MARIA_EXPORT,
  NAME_ONLY_EXPORT,
  RECEITA,
} from './testing/patient-export-fixture';

/** The page as a browser reads it. */
function pageOf(input: PatientExport): Document {
  return new DOMParser().parseFromString(patientSummaryHtml(input), 'text/html');
}

const textsOf = (page: Document, selector: string) =>
  Array.from(page.querySelectorAll(selector), (element) => element.textContent.trim());

/** The text of a definition list's value, by its label. */
function fieldOf(page: Document, label: string): string | undefined {
  const term = Array.from(page.querySelectorAll('dt')).find(
    (element) => element.textContent === label,
  );
  return term?.nextElementSibling?.textContent.trim();
}

describe('patientSummaryHtml', () => {
  const html = patientSummaryHtml(MARIA_EXPORT);
  const page = pageOf(MARIA_EXPORT);

  it('is a complete HTML document in Brazilian Portuguese that needs nothing else', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="pt-BR">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(page.title).toBe('Dados de saúde — Maria Aparecida da Silva');
    expect(page.querySelectorAll('script, link, img, iframe')).toHaveLength(0);
    expect(html).not.toMatch(/\b(?:src|href)=/);
    expect(page.querySelector('style')?.textContent).toContain('@page');
    expect(textsOf(page, 'header p')[0]).toContain(`${generatedOnText(MARIA_EXPORT.exportedAt)}.`);
  });

  it('shows her personal data, with CPF and CNS in full', () => {
    expect(fieldOf(page, 'Nome')).toBe('Maria Aparecida da Silva');
    expect(fieldOf(page, 'Data de nascimento')).toBe('12/04/1968 (57 anos)');
    expect(fieldOf(page, 'Sexo')).toBe('Feminino');
    expect(fieldOf(page, 'CPF')).toBe('529.982.247-25');
    expect(fieldOf(page, 'CNS')).toBe('898 0010 2800 0008');
    expect(fieldOf(page, 'Telefone')).toBe('(11) 98765-4321');
    expect(fieldOf(page, 'Endereço')).toBe(
      'Rua das Acácias, 120, apto 32 — Vila Mariana — São Paulo/SP — CEP 04101-000',
    );
    expect(fieldOf(page, 'Observações')).toBe('Prefere consultas pela manhã.');
  });

  it('shows her current lists', () => {
    expect(textsOf(page, 'h2')).toEqual([
      'Dados pessoais',
      'Situação atual',
      'Consultas',
      'Receitas',
    ]);
    const lists = Array.from(page.querySelectorAll('section:nth-of-type(2) ul'), (list) =>
      Array.from(list.querySelectorAll('li'), (item) => item.textContent),
    );
    expect(lists).toEqual([
      ['Dipirona'],
      ['Hipertensão arterial', 'Diabetes mellitus tipo 2'],
      ['Losartana 50 mg, 1 comprimido ao dia', 'Metformina 850 mg, 2 vezes ao dia'],
    ]);
  });

  it('shows each visit, newest first, dated dd/MM/yyyy', () => {
    expect(textsOf(page, 'article h3').map((heading) => heading.replace(/\s+/g, ' '))).toEqual([
      'Consulta de 10/04/2026 Em Andamento',
      'Consulta de 02/03/2026 Finalizado',
      'Receita de 02/03/2026',
    ]);
  });

  it('shows what was said, measured, concluded, prescribed and planned at a visit', () => {
    const visit = page.querySelectorAll('article')[1];
    const text = visit?.textContent.replace(/\s+/g, ' ') ?? '';
    expect(textsOf(page, 'article:nth-of-type(2) h4')).toEqual([
      'Sintomas',
      'Sinais vitais',
      'Exame físico',
      'Avaliação',
      'Diagnósticos (CID-10)',
      'Medicamentos prescritos',
      'Exames solicitados',
      'Orientações',
      'Plano',
      'Adendos',
    ]);
    expect(text).toContain('Queixa principal: Dor de cabeça há 3 dias');
    expect(text).toContain('PA 150x95 mmHg, FC 88 bpm, FR 16 irpm, Temp 36,8 °C, SatO2 97%');
    expect(text).toContain('Coração: Ritmo regular em dois tempos, sem sopros.');
    expect(text).toContain('G44.2 - Cefaleia tensional');
    expect(text).toContain('G44.2 — Cefaleia tensional I10 — Hipertensão essencial (primária)');
    expect(text).toContain(
      'Paracetamol 750 mg — Tomar 1 comprimido por via oral de 6 em 6 horas, por 5 dias. Se dor. (quantidade: 20 (vinte) comprimidos)',
    );
    expect(text).toContain('Hemograma completo (laboratorial, rotina) — Rotina anual');
    expect(text).toContain('Aferir a pressão em casa por 7 dias.');
    expect(text).toContain('Paciente ligou: a cefaleia cedeu com o paracetamol.');
    // Lines of the assessment stay lines.
    expect(visit?.querySelectorAll('p br').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the receitas with who prescribed them and each medicine', () => {
    const receita = page.querySelectorAll('article')[2];
    expect(fieldOf(page, 'Prescrita por')).toBe('Dra. Ana Lima, CRM/SP 123456');
    expect(fieldOf(page, 'Diagnóstico')).toBe('Hipertensão arterial');
    expect(Array.from(receita?.querySelectorAll('li') ?? [], (item) => item.textContent)).toEqual([
      'Losartana potássica 50 mg — Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo. (quantidade: 30 (trinta) comprimidos)',
      'Hidroclorotiazida 25 mg — Tomar 1 comprimido por via oral pela manhã.',
    ]);
    expect(receita?.textContent).toContain(RECEITA.notes);
  });

  it('says so when there is nothing to show', () => {
    const empty = pageOf(NAME_ONLY_EXPORT);
    expect(textsOf(empty, 'p.empty')).toEqual([
      'Nenhuma alergia registrada.',
      'Nenhuma condição crônica registrada.',
      'Nenhum medicamento em uso registrado.',
      'Nenhuma consulta registrada.',
      'Nenhuma receita registrada.',
    ]);
    expect(textsOf(empty, 'dt')).toEqual(['Nome']);
  });

  it('escapes every piece of text: a name, a list item, a visit, a receita', () => {
    const script = '<script>alert("oi")</script> & <img src=x onerror=alert(1)>';
    const hostile: PatientExport = {
      ...MARIA_EXPORT,
      patient: {
        ...MARIA_EXPORT.patient,
        name: `Maria ${script}`,
        allergies: [script],
        notes: script,
      },
      records: [
        {
          ...FIRST_VISIT,
          assessment: script,
          plan: script,
          symptoms: { chiefComplaint: script },
          prescriptions: { medications: [{ name: script, dosage: script }] },
          addenda: [{ id: 'a', author: script, createdAt: FIRST_VISIT.createdAt, text: script }],
        },
      ],
      prescriptions: [{ ...RECEITA, doctorName: script, diagnosis: script, notes: script }],
    };
    const source = patientSummaryHtml(hostile);
    const escaped = pageOf(hostile);
    expect(escaped.querySelectorAll('script, img')).toHaveLength(0);
    expect(source).not.toContain('<script>');
    expect(source).toContain(
      '&lt;script&gt;alert(&quot;oi&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
    expect(escaped.title).toBe(`Dados de saúde — Maria ${script}`);
    expect(textsOf(escaped, 'h1')).toEqual([`Dados de saúde — Maria ${script}`]);
    expect(escaped.body.textContent.split(script).length - 1).toBeGreaterThanOrEqual(10);
  });
});
