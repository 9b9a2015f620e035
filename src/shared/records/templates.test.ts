import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '../account/doctor-settings';
import {
  PRESCRIPTION_TEMPLATE_VARIABLES,
  RECORD_TEMPLATE_VARIABLES,
  doctorTemplateValues,
  fillTemplate,
  previewTemplate,
} from './templates';

const today = new Date(2026, 10, 21, 9, 30);
const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  prescriptionName: 'Dra. Ana M. Souza',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana@clinica.com.br',
};

describe('fillTemplate', () => {
  it('replaces known variables, with or without spaces inside the braces', () => {
    expect(
      fillTemplate('{{nome_medico}} — {{ crm }}', { nome_medico: 'Dr. Caio', crm: 'CRM/RJ 1' }),
    ).toBe('Dr. Caio — CRM/RJ 1');
  });

  it('keeps unfilled and blank variables visible', () => {
    expect(
      fillTemplate('Paciente: {{nome_paciente}} ({{idade_paciente}})', { idade_paciente: '  ' }),
    ).toBe('Paciente: {{nome_paciente}} ({{idade_paciente}})');
  });

  it('fills every occurrence and leaves other braces alone', () => {
    expect(fillTemplate('{{crm}} {{crm}} {sozinho} {{Maiúscula}}', { crm: 'X' })).toBe(
      'X X {sozinho} {{Maiúscula}}',
    );
  });
});

describe('template variables', () => {
  it('are the 11 record and 11 prescription variables', () => {
    expect(RECORD_TEMPLATE_VARIABLES).toHaveLength(11);
    expect(PRESCRIPTION_TEMPLATE_VARIABLES).toHaveLength(11);
  });

  it('appear in the default templates, but the diagnosis on the pharmacy’s paper', () => {
    for (const name of RECORD_TEMPLATE_VARIABLES) {
      expect(DEFAULT_DOCTOR_SETTINGS.medicalRecordOutput).toContain(`{{${name}}}`);
    }
    for (const name of PRESCRIPTION_TEMPLATE_VARIABLES) {
      if (name === 'diagnostico') {
        expect(DEFAULT_DOCTOR_SETTINGS.prescriptionTemplate).not.toContain(`{{${name}}}`);
      } else {
        expect(DEFAULT_DOCTOR_SETTINGS.prescriptionTemplate).toContain(`{{${name}}}`);
      }
    }
  });
});

describe('doctorTemplateValues and previewTemplate', () => {
  it('uses the prescription name on prescriptions and the name on records', () => {
    expect(doctorTemplateValues(settings, 'prescription', today)).toEqual({
      nome_medico: 'Dra. Ana M. Souza',
      crm: 'CRM/SP 123456',
      endereco_clinica: 'Rua das Flores, 100 — São Paulo/SP',
      telefone_clinica: '(11) 3456-7890',
      email_medico: 'ana@clinica.com.br',
      data_receita: '21/11/2026',
    });
    expect(doctorTemplateValues(settings, 'record', today)).toMatchObject({
      nome_medico: 'Dra. Ana Souza',
      data_consulta: '21/11/2026',
    });
  });

  it('previews the prescription with the doctor filled in and the patient still to fill', () => {
    const preview = previewTemplate(settings, 'prescription', today);
    expect(preview).toContain('Data: 21/11/2026');
    expect(preview).toContain('Dra. Ana M. Souza — CRM/SP 123456');
    expect(preview).toContain('Paciente: {{nome_paciente}}');
    expect(preview).not.toContain('{{crm}}');
  });

  it('leaves the doctor variables visible while settings are blank', () => {
    const preview = previewTemplate(DEFAULT_DOCTOR_SETTINGS, 'record', today);
    expect(preview).toContain('{{nome_medico}} — {{crm}}');
    expect(preview).toContain('Data da consulta: 21/11/2026');
  });
});
