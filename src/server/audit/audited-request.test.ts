import { describe, expect, it } from 'vitest';
import { auditedRequestOf, auditSubjectOf, trimmedUserAgent } from './audited-request';

describe('auditedRequestOf', () => {
  it.each([
    ['GET', '/api/medical-records', 'medical_record', 'list', undefined],
    ['POST', '/api/medical-records', 'medical_record', 'create', undefined],
    ['GET', '/api/medical-records/r1', 'medical_record', 'read', 'r1'],
    ['PUT', '/api/medical-records/r1', 'medical_record', 'update', 'r1'],
    ['DELETE', '/api/medical-records/r1', 'medical_record', 'delete', 'r1'],
    ['POST', '/api/medical-records/r1/addenda', 'medical_record', 'addendum', 'r1'],
    ['GET', '/api/prescriptions/', 'prescription', 'list', undefined],
    ['PUT', '/api/prescriptions/p1', 'prescription', 'update', 'p1'],
    ['GET', '/api/prescription-batches/b1', 'prescription_batch', 'read', 'b1'],
    ['POST', '/api/prescription-batches/b1/prescriptions', 'prescription_batch', 'update', 'b1'],
    ['GET', '/api/settings', 'settings', 'read', undefined],
    ['DELETE', '/api/settings', 'settings', 'delete', undefined],
    ['POST', '/api/ai/extract', 'ai', 'process', 'extract'],
    ['POST', '/api/ai/structured-anamnesis', 'ai', 'process', 'structured-anamnesis'],
    ['POST', '/api/transcripts/clean-up', 'transcript', 'process', 'clean-up'],
    ['GET', '/api/patients/pt1/chart', 'patient', 'read', 'pt1'],
    ['GET', '/api/patients/pt1/renewal', 'patient', 'read', 'pt1'],
    ['GET', '/api/documents', 'document', 'list', undefined],
    ['POST', '/api/documents', 'document', 'create', undefined],
    ['PUT', '/api/documents/d1', 'document', 'update', 'd1'],
    ['POST', '/api/documents/d1/issue', 'document', 'issue', 'd1'],
    ['POST', '/api/documents/d1/cancel', 'document', 'cancel', 'd1'],
    ['POST', '/api/documents/d1/sign', 'document', 'sign', 'd1'],
    ['GET', '/api/documents/d1/pdf', 'document', 'read', 'd1'],
    ['HEAD', '/api/patients/pt1/fhir', 'patient', 'export', 'pt1'],
    ['HEAD', '/api/prescriptions/p1/pdf', 'prescription', 'read', 'p1'],
    ['HEAD', '/api/medical-records', 'medical_record', 'list', undefined],
    ['PUT', '/api/signing-certificate', 'signing_certificate', 'update', undefined],
    ['DELETE', '/api/signing-certificate', 'signing_certificate', 'delete', undefined],
  ])('%s %s is %s %s', (method, path, entityType, action, entityId) => {
    expect(auditedRequestOf(method, path)).toMatchObject({ entityType, action, entityId });
  });

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/cid10/search'],
    ['GET', '/api/ai/transcribe/status'],
    ['GET', '/api/audit'],
    ['GET', '/api/medical-records-other'],
    ['GET', '/api/medical-records/r1/addenda/x'],
    ['PATCH', '/api/medical-records/r1'],
    ['POST', '/api/documents/d1/print'],
    ['POST', '/api/auth/sign-in/email'],
  ])('%s %s is not patient data', (method, path) => {
    expect(auditedRequestOf(method, path)).toBeUndefined();
  });

  it('keeps a path id printable and bounded', () => {
    const request = auditedRequestOf('GET', `/api/medical-records/a\u0000b${'x'.repeat(500)}`);
    expect(request?.entityId).toMatch(/^a\?bx+$/);
    expect(request?.entityId?.length).toBe(128);
  });
});

describe('auditSubjectOf', () => {
  const started = Date.parse('2026-11-25T12:00:00.000Z');

  it('takes a create’s id from the answer, and a list’s ids from its route, not its answer', () => {
    const create = auditedRequestOf('POST', '/api/medical-records');
    const list = auditedRequestOf('GET', '/api/prescriptions');
    if (!create || !list) throw new Error('not audited');
    expect(create.readsAnswer).toBe(true);
    expect(list.readsAnswer).toBe(false);
    expect(auditSubjectOf(create, 201, { success: true, recordId: 'r9' }, started).entityId).toBe(
      'r9',
    );
    expect(auditSubjectOf(list, 200, undefined, started, ['p1', 'p2']).listedIds).toEqual([
      'p1',
      'p2',
    ]);
    // A failed list handed nothing over.
    expect(auditSubjectOf(list, 500, undefined, started, ['p1']).listedIds).toEqual([]);
  });

  it('calls a write that finalised during the request a finalisation, a re-send an update', () => {
    const put = auditedRequestOf('PUT', '/api/medical-records/r1');
    if (!put) throw new Error('not audited');
    const answer = (updatedAt: string) => ({
      record: { id: 'r1', status: 'finalizado', updatedAt },
    });
    expect(auditSubjectOf(put, 200, answer('2026-11-25T12:00:00.004Z'), started).action).toBe(
      'finalize',
    );
    expect(auditSubjectOf(put, 200, answer('2026-11-24T09:00:00.000Z'), started).action).toBe(
      'update',
    );
    expect(auditSubjectOf(put, 409, undefined, started).action).toBe('update');
  });

  it('lists the prescriptions a batch read handed over', () => {
    const read = auditedRequestOf('GET', '/api/prescription-batches/b1');
    if (!read) throw new Error('not audited');
    expect(auditSubjectOf(read, 200, undefined, started, ['p3'])).toEqual({
      action: 'read',
      entityId: 'b1',
      listedIds: ['p3'],
    });
  });
});

describe('trimmedUserAgent', () => {
  it('keeps 200 printable characters', () => {
    expect(trimmedUserAgent(`  Mozilla\u0001${'x'.repeat(300)}`)).toHaveLength(200);
    expect(trimmedUserAgent(undefined)).toBe('');
  });
});
