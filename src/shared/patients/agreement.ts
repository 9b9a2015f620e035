/**
 * Texts about a patient agree with the patient's sex, as the record's gender field gives it:
 * 'A paciente refere…' / 'O paciente refere…', 'idosa' / 'idoso'. When the sex is not known
 * (or is 'outro'), texts use a form that needs no agreement ('Paciente refere…', 'Paciente com
 * 65 anos ou mais') rather than a guessed one. Pure functions.
 */
import type { Gender } from '../records/medical-record';

/**
 * The word that agrees with the patient's sex: the feminine form for 'feminino', the masculine
 * for 'masculino', and `unknown` otherwise.
 * @param gender - the record's gender field
 * @param forms - the masculine, feminine and sex-neutral forms ('Paciente idoso', 'Paciente
 *   idosa', 'Paciente com 65 anos ou mais')
 */
export function agreeWithPatient(
  gender: Gender | undefined,
  forms: { masculine: string; feminine: string; unknown: string },
): string {
  if (gender === 'feminino') return forms.feminine;
  if (gender === 'masculino') return forms.masculine;
  return forms.unknown;
}

/**
 * The patient as the subject of a sentence: 'A paciente', 'O paciente', or 'Paciente' (the
 * clinical style without an article) when the sex is not known.
 * @param gender - the record's gender field
 */
export function patientSubject(gender: Gender | undefined): string {
  return agreeWithPatient(gender, {
    masculine: 'O paciente',
    feminine: 'A paciente',
    unknown: 'Paciente',
  });
}
