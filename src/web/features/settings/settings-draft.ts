import { z } from 'zod';
import { doctorEntry } from '../../data/local-entries';

/**
 * The settings the doctor typed and has not saved yet, field by field as typed: a reload, a
 * failed save or a server restart loses none of them. `editsFromDraft` keeps only known fields.
 */
export const settingsDraftEntry = doctorEntry(
  'doctorSettings-draft',
  z.object({ draft: z.record(z.string(), z.string()) }),
);
