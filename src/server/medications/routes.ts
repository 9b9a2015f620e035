import { Hono } from 'hono';
import { writtenRegimenOf } from '@clinical/extraction/written-regimen';
import { checkPrescription, findDosingHint } from '@clinical/medications/dosing';
import type { MedicationEntry } from '@clinical/medications/catalogue';
import { checkPrescriptionSafety } from '@clinical/medications/safety-check';
import { detectMedicationsInText, searchMedications } from '@clinical/medications/search';
import { requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import {
  dosingHintQuerySchema,
  medicationCheckSchema,
  medicationDetectionSchema,
  medicationSearchQuerySchema,
  safetyCheckSchema,
} from './schema';

/** A catalogue entry as the API shows it: its name, strengths and forms, no aliases. */
function presentMedication({ name, strengths, forms }: MedicationEntry) {
  return { name, strengths, forms };
}

/**
 * `/api/medications`: the built-in medicine catalogue (docs/api.md, "Motor offline"). Pure lookups
 * over src/clinical/medications; a session is required like the rest of the API.
 */
export function medicationRoutes(deps: { sessions: SessionVerifier }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.get('/search', (c) => {
    const { q, limit } = parseOrBadRequest(medicationSearchQuerySchema, c.req.query());
    // A brand or abbreviation the doctor typed is shown beside the generic it matched.
    return c.json({
      results: searchMedications(q, limit).map(({ entry, brand }) => ({
        ...presentMedication(entry),
        ...(brand ? { brand } : {}),
      })),
    });
  });

  // The detected-medicine chips of the prescriptions step
  // (docs/product.md, "Assistente de prescrição"): one call for the whole text.
  routes.post('/detect', async (c) => {
    const { text } = await readJsonBody(c, medicationDetectionSchema);
    // Each with what the text says of its regimen, which the chip prescribes as written.
    return c.json({
      results: detectMedicationsInText(text).map((entry) => ({
        ...presentMedication(entry),
        written: writtenRegimenOf(text, entry.name),
      })),
    });
  });

  // The inline edit's 'Sugerir posologia' (docs/product.md, "Etapa Prescrições e Exames"): the
  // usual adult regimen, or null.
  routes.get('/dosing-hint', (c) => {
    const { name } = parseOrBadRequest(dosingHintQuerySchema, c.req.query());
    const hint = findDosingHint(name);
    return c.json({
      hint: hint
        ? {
            name: hint.name,
            dosage: hint.dosage,
            frequency: hint.frequency,
            duration: hint.duration,
            instructions: hint.instructions,
          }
        : null,
    });
  });

  routes.post('/check', async (c) => {
    const { medication, allergies } = await readJsonBody(c, medicationCheckSchema);
    return c.json({ warnings: checkPrescription(medication, { allergies }) });
  });

  // The prescribing safety check: the whole prescription with the patient's medicines in use,
  // pregnancy, kidneys, weight and allergies (docs/receitas.md, "Segurança da prescrição").
  routes.post('/safety-check', async (c) => {
    const { medications, patient } = await readJsonBody(c, safetyCheckSchema);
    return c.json({ warnings: checkPrescriptionSafety(medications, patient) });
  });

  return routes;
}
