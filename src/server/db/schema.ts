import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  RECORD_STEPS,
  type ConsultationFeedback,
  type Gender,
  type PatientInfo,
  type PhysicalExam,
  type RecordPrescriptions,
  type RecordStatus,
  type RecordStep,
  type RecordStepState,
  type StructuredAnamnesis,
  type Teleconsulta,
  type Symptoms,
} from '@shared/records/medical-record';
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  type DocumentBody,
  type DocumentIssue,
  type DocumentKind,
  type DocumentStatus,
} from '@shared/documents/clinical-document';
import type { AiConsent, AiUseOutcome, AiUseTask } from '@shared/ai/use';
import type { PatientAddress } from '@shared/patients/patient';
import type { PrescriptionCreate } from '@shared/prescriptions/prescription';

/** Millisecond timestamps: JavaScript dates and the paging key round-trip them exactly. */
const timestampMs = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Bytes: Uint8Array in, Uint8Array (a Buffer on node-postgres) out. */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
});

// Better Auth's tables (its `user`, `session`, `account`, `verification` and `rateLimit` models).

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: timestampMs('created_at').notNull().defaultNow(),
  updatedAt: timestampMs('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampMs('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestampMs('access_token_expires_at'),
    refreshTokenExpiresAt: timestampMs('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    createdAt: timestampMs('created_at').notNull().defaultNow(),
    updatedAt: timestampMs('updated_at').notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Better Auth's `twoFactor` model: one row per doctor who started enrolment. `secret` and
 * `backup_codes` hold ciphertext (encrypted with the auth secret), never the codes themselves.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestampMs('locked_until'),
  /**
   * The TOTP time-step (Unix time / 30 s) of the last authenticator code accepted: a code is
   * accepted once, and no code of an earlier step after it (`auth/totp-replay.ts`).
   */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
});

/**
 * Failed sign-ins per e-mail (known or not, so the answer tells nothing), in two lanes: from
 * addresses the account has signed in from before (`known`) and from any other (`other`), so an
 * attacker elsewhere cannot lock the doctor out of the clinic's own network.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    email: text('email').notNull(),
    lane: text('lane').$type<'known' | 'other'>().notNull(),
    /** Attempts since the last success; an attempt counts until its password proves right. */
    failures: integer('failures').notNull(),
    lockedUntil: timestampMs('locked_until').notNull(),
    lastAttemptAt: timestampMs('last_attempt_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.lane] }),
    check('sign_in_throttles_lane_check', sql`${table.lane} in ('known', 'other')`),
  ],
);

/** Addresses each e-mail has signed in from successfully (the `known` lane above). */
export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestampMs('last_success_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.address] })],
);

/** The prontuários. Nested parts are JSONB; every query is scoped by `user_id`. */
export const medicalRecords = pgTable(
  'medical_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The patient whose visit this is (docs/product.md, "Pacientes"); none while a new record names nobody yet.
    // No cascade: erasing a patient deletes her records on purpose, in one transaction.
    patientId: text('patient_id').references((): AnyPgColumn => patients.id),
    patientInfo: jsonb('patient_info').$type<PatientInfo>(),
    symptoms: jsonb('symptoms').$type<Symptoms>(),
    physicalExam: jsonb('physical_exam').$type<PhysicalExam>(),
    assessment: text('assessment'),
    prescriptions: jsonb('prescriptions').$type<RecordPrescriptions>(),
    plan: text('plan'),
    currentStep: text('current_step').$type<RecordStep>().notNull(),
    status: text('status').$type<RecordStatus>().notNull(),
    steps: jsonb('steps').$type<RecordStepState[]>().notNull(),
    consultationFeedback: jsonb('consultation_feedback').$type<ConsultationFeedback>(),
    structuredAnamnesis: jsonb('structured_anamnesis').$type<StructuredAnamnesis>(),
    // Held at a distance, with the patient's consent (CFM 2.314/2022).
    teleconsulta: jsonb('teleconsulta').$type<Teleconsulta>(),
    version: integer('version').notNull().default(1),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    // The list query: one doctor's records, newest first, keyset on (created_at, id).
    index('medical_records_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('medical_records_user_status_created_idx').on(
      table.userId,
      table.status,
      table.createdAt,
      table.id,
    ),
    // A patient's visits, newest first: her timeline and charts. NULLS FIRST is what `ORDER BY
    // created_at DESC, id DESC` means; an index of another null order cannot hand the rows over
    // in that order, and the planner then sorts all her visits or walks the doctor's instead.
    index('medical_records_patient_created_idx').on(
      table.patientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('medical_records_status_check', sql`${table.status} in ('em_andamento', 'finalizado')`),
    check(
      'medical_records_current_step_check',
      sql`${table.currentStep} in (${sql.raw(RECORD_STEPS.map((step) => `'${step}'`).join(', '))})`,
    ),
    check('medical_records_version_check', sql`${table.version} > 0`),
  ],
);

export type MedicalRecordRow = typeof medicalRecords.$inferSelect;

/**
 * The patients (docs/product.md, "Pacientes"), one doctor's each; every query is scoped by `user_id`. Identifiers are
 * kept as digits; `search_name` is the name as the search compares it (`foldForMatching`: lower
 * case, no accents, one space between words), written with the name.
 */
export const patients = pgTable(
  'patients',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    sex: text('sex').$type<Gender>(),
    cpf: text('cpf'),
    cns: text('cns'),
    // A foreigner's passport: what a controlled receita names when she has no CPF.
    passport: text('passport'),
    // Whether she was told of AI in her care and agreed, or refused (docs/conformidade.md).
    aiConsent: jsonb('ai_consent').$type<AiConsent>(),
    phone: text('phone'),
    address: jsonb('address').$type<PatientAddress>(),
    allergies: jsonb('allergies').$type<string[]>().notNull().default([]),
    chronicConditions: jsonb('chronic_conditions').$type<string[]>().notNull().default([]),
    medications: jsonb('medications').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    // The list: one doctor's patients in name order, keyset on (search_name, id).
    index('patients_user_search_name_idx').on(table.userId, table.searchName, table.id),
    // The name search: each word of the query starts a word of the name, `(' ' || search_name)
    // LIKE '% mar%'`. pg_trgm (in PGlite and PostgreSQL alike) serves it from any word of the
    // name, where a btree on the name would serve only its first word; the leading space makes
    // a one- or two-letter word start usable by the index too. Without GIN's pending list
    // (fastupdate): rows inserted since the last VACUUM would wait there, read one by one by every
    // search, and the planner, counting them, turns to reading the whole table — PGlite has no
    // autovacuum to empty it.
    index('patients_search_name_trgm_idx')
      .using('gin', sql`(' ' || ${table.searchName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('patients_user_birth_date_idx').on(table.userId, table.birthDate),
    // One person, one chart per doctor: a CPF or CNS names one patient (and finds her).
    uniqueIndex('patients_user_cpf_idx')
      .on(table.userId, table.cpf)
      .where(sql`${table.cpf} is not null`),
    uniqueIndex('patients_user_cns_idx')
      .on(table.userId, table.cns)
      .where(sql`${table.cns} is not null`),
    check('patients_version_check', sql`${table.version} > 0`),
  ],
);

export type PatientRow = typeof patients.$inferSelect;

/**
 * Addenda of finalised records: appended, never updated or deleted by the app (a record is
 * kept as signed; corrections go beside it). `user_id` repeats the record's owner so every
 * query stays scoped by it.
 */
export const medicalRecordAddenda = pgTable(
  'medical_record_addenda',
  {
    id: text('id').primaryKey(),
    recordId: text('record_id')
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (table) => [
    // A record's addenda, oldest first.
    index('medical_record_addenda_record_created_idx').on(
      table.recordId,
      table.createdAt,
      table.id,
    ),
    check('medical_record_addenda_text_check', sql`char_length(${table.text}) > 0`),
  ],
);

export type MedicalRecordAddendumRow = typeof medicalRecordAddenda.$inferSelect;

/**
 * The use of AI in a visit (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026"): one row per
 * AI answer that touched it, kept apart from the record's content so that recording one never
 * makes the doctor's open form stale. Added only while the visit is open; kept with it.
 */
export const recordAiUses = pgTable(
  'record_ai_uses',
  {
    id: text('id').primaryKey(),
    recordId: text('record_id')
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    task: text('task').$type<AiUseTask>().notNull(),
    source: text('source').notNull(),
    at: timestampMs('at').notNull(),
    outcome: text('outcome').$type<AiUseOutcome>(),
  },
  (table) => [
    // A record's uses, oldest first; and a doctor's of a period, for her monitoring.
    index('record_ai_uses_record_at_idx').on(table.recordId, table.at, table.id),
    index('record_ai_uses_user_at_idx').on(table.userId, table.at),
  ],
);

export type RecordAiUseRow = typeof recordAiUses.$inferSelect;

/**
 * One row per doctor: their settings (docs/product.md, "Campos das configurações") as saved, read
 * back through the shared schema.
 */
export const doctorSettings = pgTable('doctor_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  /** Raised by each write; a doctor with no row reads as version 0. */
  version: integer('version').notNull().default(1),
  updatedAt: timestampMs('updated_at').notNull(),
});

/**
 * What a prescription row keeps in `content`: every writable field but `isFinalized` and the
 * patient, which have their columns.
 */
export type StoredPrescriptionContent = Omit<
  PrescriptionCreate,
  'isFinalized' | 'patientId' | 'recordId' | 'replacesId'
>;

/**
 * The receitas (docs/product.md, "Receitas e lotes"), one doctor's each; every query is scoped by
 * `user_id`.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The patient the receita is for (docs/product.md, "Pacientes"), when known.
    patientId: text('patient_id').references((): AnyPgColumn => patients.id),
    // The visit whose prescription it is, if any (docs/receitas.md, "A receita da consulta");
    // an issued receita outlives a deleted draft visit.
    recordId: text('record_id').references((): AnyPgColumn => medicalRecords.id, {
      onDelete: 'set null',
    }),
    // The issued receita this one corrects: issuing it cancels that one ('Substituída').
    replacesId: text('replaces_id').references((): AnyPgColumn => prescriptions.id, {
      onDelete: 'set null',
    }),
    content: jsonb('content').$type<StoredPrescriptionContent>().notNull(),
    isFinalized: boolean('is_finalized').notNull().default(false),
    // docs/documentos.md, "Receitas": a finalised receita is issued — its public validation address and code (null on
    // receitas finalised before), then maybe signed, or cancelled with a reason.
    publicId: text('public_id'),
    secretCode: text('secret_code'),
    signedAt: timestampMs('signed_at'),
    cancelledAt: timestampMs('cancelled_at'),
    cancelReason: text('cancel_reason'),
    // The number ANVISA's SNCR gives a controlled receita issued electronically (RDC 1.000/2025):
    // null until Prontu is integrated with it (docs/conformidade.md).
    sncrNumber: text('sncr_number'),
    version: integer('version').notNull().default(1),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('prescriptions_public_id_idx')
      .on(table.publicId)
      .where(sql`${table.publicId} is not null`),
    // One receita per visit: at most one draft and one valid issued receita of each visit (a
    // draft that corrects the issued one replaces it when issued, in the same transaction).
    uniqueIndex('prescriptions_record_draft_idx')
      .on(table.recordId)
      .where(
        sql`${table.recordId} is not null and not ${table.isFinalized} and ${table.cancelledAt} is null`,
      ),
    uniqueIndex('prescriptions_record_issued_idx')
      .on(table.recordId)
      .where(
        sql`${table.recordId} is not null and ${table.isFinalized} and ${table.cancelledAt} is null`,
      ),
    // One open correction of an issued receita at a time.
    uniqueIndex('prescriptions_replaces_draft_idx')
      .on(table.replacesId)
      .where(sql`${table.replacesId} is not null and not ${table.isFinalized}`),
    // The list query: one doctor's prescriptions, newest first, keyset on (created_at, id).
    index('prescriptions_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // A patient's receitas, newest first: her timeline (NULLS FIRST as for her visits).
    index('prescriptions_patient_created_idx').on(
      table.patientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('prescriptions_version_check', sql`${table.version} > 0`),
  ],
);

export type PrescriptionRow = typeof prescriptions.$inferSelect;

/**
 * Clinical documents (docs/documentos.md): atestados, declarations of attendance, exam requests, referrals
 * and reports. A draft's content changes; once issued, the row changes only to be signed or
 * cancelled — what it says (`content`, `issue`) never again (shared/documents/clinical-document.ts).
 */
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: text('patient_id')
      .notNull()
      .references((): AnyPgColumn => patients.id),
    // The visit it came from, if any; an issued document outlives a deleted draft visit.
    recordId: text('record_id').references((): AnyPgColumn => medicalRecords.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull(),
    content: jsonb('content').$type<DocumentBody['content']>().notNull(),
    // Who issued it and for whom, as they were at that moment; null while a draft.
    issue: jsonb('issue').$type<DocumentIssue>(),
    // Its address on the public validation page and the code that opens it, from its issue on.
    publicId: text('public_id'),
    secretCode: text('secret_code'),
    signedAt: timestampMs('signed_at'),
    cancelledAt: timestampMs('cancelled_at'),
    cancelReason: text('cancel_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    // A patient's documents, newest first: her list and her timeline (NULLS FIRST, the order
    // `ORDER BY created_at DESC, id DESC` asks for, as for her visits and receitas).
    index('clinical_documents_patient_created_idx').on(
      table.patientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('clinical_documents_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    uniqueIndex('clinical_documents_public_id_idx')
      .on(table.publicId)
      .where(sql`${table.publicId} is not null`),
    check(
      'clinical_documents_kind_check',
      sql`${table.kind} in (${sql.raw(DOCUMENT_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check(
      'clinical_documents_status_check',
      sql`${table.status} in (${sql.raw(DOCUMENT_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    // Past the draft, a document always carries its issue and its validation code.
    check(
      'clinical_documents_issued_check',
      sql`${table.status} = 'rascunho' or (${table.issue} is not null and ${table.publicId} is not null and ${table.secretCode} is not null)`,
    ),
    check('clinical_documents_version_check', sql`${table.version} > 0`),
  ],
);

export type ClinicalDocumentRow = typeof clinicalDocuments.$inferSelect;

/**
 * A doctor's ICP-Brasil A1 certificate, in custody (src/server/signing/custody.ts): the file
 * only sealed under a key derived from its password, which is never stored; beside it, what
 * the certificate says publicly (holder, CPF, issuer, validity), to show and to check.
 */
export const signingCertificates = pgTable('signing_certificates', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealed: bytea('sealed').notNull(),
  salt: bytea('salt').notNull(),
  iv: bytea('iv').notNull(),
  kdf: jsonb('kdf').$type<{ N: number; r: number; p: number }>().notNull(),
  holder: text('holder').notNull(),
  cpf: text('cpf').notNull(),
  issuer: text('issuer').notNull(),
  serialNumber: text('serial_number').notNull(),
  fingerprint: text('fingerprint').notNull(),
  notBefore: timestampMs('not_before').notNull(),
  notAfter: timestampMs('not_after').notNull(),
  createdAt: timestampMs('created_at').notNull(),
});

export type SigningCertificateRow = typeof signingCertificates.$inferSelect;

/**
 * The signed PDF of a document, exactly as signed: the signature covers these bytes, so they
 * are kept, never rendered again. Apart from the document's row so that lists never read it.
 */
export const signedPdfs = pgTable('signed_pdfs', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => clinicalDocuments.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  // The certificate that signed it (SHA-256, hex), which outlives its removal from custody.
  certificateFingerprint: text('certificate_fingerprint').notNull(),
  signedAt: timestampMs('signed_at').notNull(),
});

/** The signed PDF of a receita, exactly as signed (as {@link signedPdfs} for documents). */
export const signedPrescriptionPdfs = pgTable('signed_prescription_pdfs', {
  prescriptionId: text('prescription_id')
    .primaryKey()
    .references(() => prescriptions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  certificateFingerprint: text('certificate_fingerprint').notNull(),
  signedAt: timestampMs('signed_at').notNull(),
});

/**
 * Batches (lotes) of prescriptions. They hold the ids of their prescriptions, in order, not
 * copies; deleting a prescription takes its id out of every batch.
 */
export const prescriptionBatches = pgTable(
  'prescription_batches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prescriptionIds: jsonb('prescription_ids').$type<string[]>().notNull().default([]),
    isFinalized: boolean('is_finalized').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestampMs('created_at').notNull(),
    updatedAt: timestampMs('updated_at').notNull(),
  },
  (table) => [
    index('prescription_batches_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    check('prescription_batches_version_check', sql`${table.version} > 0`),
  ],
);

export type PrescriptionBatchRow = typeof prescriptionBatches.$inferSelect;

/**
 * Data changes made once, in code, after the SQL migrations (the one so far gives every record
 * written before patients existed a patient: src/server/db/data-steps.ts). A row means done.
 */
export const dataSteps = pgTable('data_steps', {
  name: text('name').primaryKey(),
  doneAt: timestampMs('done_at').notNull(),
});

/**
 * The audit trail (CFM 1.821/2007, LGPD): one row per access to patient data, appended and never
 * changed — a trigger refuses UPDATE, DELETE and TRUNCATE (written by hand in migration 0005_security.sql). Each row
 * carries the hash of the previous one, so a changed or missing row breaks the chain
 * (`audit/audit-chain.ts`); since migration 0013 the hash is an HMAC under a key kept out of the
 * database (docs/auditoria.md, "A cadeia de hashes"). No foreign keys on purpose: the trace outlives the doctor, the record
 * and the patient it names (kept 20 years, CFM 1.639/2002). Ids only, never patient text.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** 1, 2, 3… without gaps: a gap is a deleted row. */
    position: bigint('position', { mode: 'number' }).primaryKey(),
    occurredAt: timestampMs('occurred_at').notNull(),
    userId: text('user_id').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** What a list or a batch answered: the ids of the entities it handed over. */
    listedIds: text('listed_ids').array().notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    status: integer('status').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * How `hash` was made (`AuditHashVersion`): 1, plain SHA-256 — the rows written before
     * migration 0013, which gave them this value; 2, HMAC-SHA-256 under the audit key — every row
     * since. No default: a server that does not know the key cannot write a row.
     */
    hashVersion: smallint('hash_version').notNull(),
  },
  (table) => [
    // A doctor's accesses to one entity, newest first (GET /api/audit?entityId=).
    index('audit_log_user_entity_idx').on(table.userId, table.entityId, table.position),
    index('audit_log_listed_ids_idx').using('gin', table.listedIds),
    check('audit_log_hash_version_check', sql`${table.hashVersion} in (1, 2)`),
    // Where the keyed chain begins, read at each start without walking the trail: the rows
    // hashed without a key, a set that stops growing once the server has the key.
    index('audit_log_unkeyed_idx')
      .on(table.position)
      .where(sql`${table.hashVersion} = 1`),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
