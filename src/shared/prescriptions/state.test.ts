import { describe, expect, it } from 'vitest';
import type { PresentedPrescription } from '../api/prescriptions';
import type { PrescriptionBatch } from './prescription';
import {
  EMPTY_PRESCRIPTION_STATE,
  KEPT_BATCHES,
  KEPT_PRESCRIPTIONS,
  adoptServerBatch,
  adoptServerPrescription,
  isLocalId,
  isSignableReceita,
  latestBatchWithPrescriptions,
  newestFirst,
  restoredFrom,
  withFinalizedBatch,
  withFinalizedPrescription,
  withNewBatch,
  withNewPrescription,
  withPrescriptionContent,
  withPrescriptionInBatch,
  withServerBatch,
  withServerBatchList,
  withServerPrescription,
  withServerPrescriptionList,
  withoutBatch,
  withoutPrescription,
  type PrescriptionState,
} from './state';

const AT = '2026-03-10T12:00:00.000Z';

/** A receita created `minute` minutes after 12:00. */
function receita(
  id: string,
  fields: Partial<PresentedPrescription> & { minute?: number } = {},
): PresentedPrescription {
  const { minute = 0, ...rest } = fields;
  const createdAt = new Date(Date.parse(AT) + minute * 60_000).toISOString();
  return {
    id,
    patientName: `Paciente ${id}`,
    patientAge: '',
    diagnosis: '',
    medications: [],
    notes: '',
    date: '2026-03-10',
    doctorName: 'Dra. Ana Souza',
    doctorCRM: 'CRM/SP 123456',
    isFinalized: false,
    createdAt,
    updatedAt: createdAt,
    ...rest,
  };
}

function lote(id: string, fields: Partial<PrescriptionBatch> & { minute?: number } = {}) {
  const { minute = 0, ...rest } = fields;
  const createdAt = new Date(Date.parse(AT) + minute * 60_000).toISOString();
  return {
    id,
    name: `Lote ${id}`,
    prescriptionIds: [],
    isFinalized: false,
    createdAt,
    updatedAt: createdAt,
    ...rest,
  } satisfies PrescriptionBatch;
}

const state = (fields: Partial<PrescriptionState>): PrescriptionState => ({
  ...EMPTY_PRESCRIPTION_STATE,
  ...fields,
});

describe('a new receita', () => {
  it('is the one being written when it is a draft, replacing the one open before', () => {
    const open = receita('prescription-1');
    const next = withNewPrescription(state({ current: open }), receita('prescription-2'));
    expect(next.current?.id).toBe('prescription-2');
    expect(next.saved).toEqual([]);
  });

  it('is saved at once and current when quick, but never pushes a draft aside', () => {
    const quick = receita('prescription-2', { isFinalized: true });
    expect(withNewPrescription(EMPTY_PRESCRIPTION_STATE, quick)).toMatchObject({
      current: quick,
      saved: [quick],
    });
    const draft = receita('prescription-1');
    expect(withNewPrescription(state({ current: draft }), quick)).toMatchObject({
      current: draft,
      saved: [quick],
    });
  });

  it('is shown once: a reloaded page that shows its write again changes nothing', () => {
    const draft = receita('prescription-local-1');
    const shown = withNewPrescription(EMPTY_PRESCRIPTION_STATE, draft);
    expect(withNewPrescription(shown, { ...draft, notes: 'outra' })).toBe(shown);
  });
});

describe('the receita being written', () => {
  it('takes a new content, wherever it is held', () => {
    const quick = receita('prescription-1', { isFinalized: true });
    const next = withPrescriptionContent(
      state({ current: quick, saved: [quick] }),
      'prescription-1',
      { notes: 'Tomar com água' },
      AT,
    );
    expect(next.current?.notes).toBe('Tomar com água');
    expect(next.saved[0]?.notes).toBe('Tomar com água');
  });

  it('is saved newest first when finalised, and no longer current', () => {
    const older = receita('prescription-1', { isFinalized: true, minute: 1 });
    const draft = receita('prescription-2', { minute: 2 });
    const next = withFinalizedPrescription(
      state({ current: draft, saved: [older] }),
      'prescription-2',
      '2026-03-10T12:05:00.000Z',
    );
    expect(next.current).toBeUndefined();
    expect(next.saved.map((item) => [item.id, item.isFinalized])).toEqual([
      ['prescription-2', true],
      ['prescription-1', true],
    ]);
    expect(next.saved[0]?.updatedAt).toBe('2026-03-10T12:05:00.000Z');
  });

  it(`keeps the newest ${KEPT_PRESCRIPTIONS} finalised receitas`, () => {
    const saved = Array.from({ length: KEPT_PRESCRIPTIONS }, (_, index) =>
      receita(`prescription-${index}`, { isFinalized: true }),
    );
    const next = withFinalizedPrescription(
      state({ current: receita('prescription-new'), saved }),
      'prescription-new',
      AT,
    );
    expect(next.saved).toHaveLength(KEPT_PRESCRIPTIONS);
    expect(next.saved[0]?.id).toBe('prescription-new');
    expect(next.saved.at(-1)?.id).toBe(`prescription-${KEPT_PRESCRIPTIONS - 2}`);
  });

  it('is gone when cancelled', () => {
    const draft = receita('prescription-1');
    expect(
      withoutPrescription(state({ current: draft }), 'prescription-1').current,
    ).toBeUndefined();
  });
});

describe('lotes', () => {
  it('start active, take each receita once at their end, and are saved when finalised', () => {
    const started = withNewBatch(EMPTY_PRESCRIPTION_STATE, lote('batch-1'));
    expect(started.batch?.id).toBe('batch-1');
    let next = withPrescriptionInBatch(started, 'batch-1', 'prescription-1', AT);
    next = withPrescriptionInBatch(next, 'batch-1', 'prescription-2', AT);
    next = withPrescriptionInBatch(next, 'batch-1', 'prescription-1', AT);
    expect(next.batch?.prescriptionIds).toEqual(['prescription-1', 'prescription-2']);
    const finalized = withFinalizedBatch(next, 'batch-1', AT);
    expect(finalized.batch).toBeUndefined();
    expect(finalized.batches).toMatchObject([{ id: 'batch-1', isFinalized: true }]);
  });

  it(`keeps the newest ${KEPT_BATCHES} finalised lotes, and drops a cancelled one`, () => {
    const batches = Array.from({ length: KEPT_BATCHES }, (_, index) =>
      lote(`batch-${index}`, { isFinalized: true }),
    );
    const next = withFinalizedBatch(state({ batch: lote('batch-new'), batches }), 'batch-new', AT);
    expect(next.batches).toHaveLength(KEPT_BATCHES);
    expect(next.batches[0]?.id).toBe('batch-new');
    expect(withoutBatch(state({ batch: lote('batch-1') }), 'batch-1').batch).toBeUndefined();
  });

  it('saves a lote created finalised rather than making it active', () => {
    const made = withNewBatch(EMPTY_PRESCRIPTION_STATE, lote('batch-1', { isFinalized: true }));
    expect(made.batch).toBeUndefined();
    expect(made.batches.map((batch) => batch.id)).toEqual(['batch-1']);
  });
});

describe('a change the server refused', () => {
  it('puts the receitas and lotes back as they were, or takes away those that were not there', () => {
    const draft = receita('prescription-1');
    const before = state({ current: draft, batch: lote('batch-1') });
    let after = withFinalizedPrescription(before, 'prescription-1', AT);
    after = withNewPrescription(after, receita('prescription-2'));
    after = withNewBatch(after, lote('batch-2'));
    const restored = restoredFrom(after, before, {
      prescriptions: ['prescription-2', 'prescription-1'],
      batches: ['batch-2', 'batch-1'],
    });
    expect(restored).toEqual(before);
  });
});

describe('the server’s answers', () => {
  it('renames a local receita everywhere, lotes included, and takes the server’s copy', () => {
    const local = receita('prescription-local-1', { isFinalized: true });
    const held = state({
      current: local,
      saved: [local],
      batch: lote('batch-1', { prescriptionIds: ['prescription-local-1'] }),
    });
    const server = { ...local, id: 'prescription-9', version: 1, patientName: 'Do servidor' };
    const next = withServerPrescription(held, 'prescription-local-1', server, false);
    expect(next.current).toEqual(server);
    expect(next.saved).toEqual([server]);
    expect(next.batch?.prescriptionIds).toEqual(['prescription-9']);
  });

  it('keeps what is shown while more edits of it are on their way, taking only its identity', () => {
    const local = receita('prescription-local-1', { notes: 'Editada depois' });
    const server = { ...local, id: 'prescription-9', version: 1, notes: '' };
    const next = withServerPrescription(state({ current: local }), local.id, server, true);
    expect(next.current).toMatchObject({
      id: 'prescription-9',
      version: 1,
      notes: 'Editada depois',
    });
  });

  it('renames a local lote and takes the server’s copy', () => {
    const local = lote('batch-local-1');
    const server = { ...local, id: 'batch-3', version: 1, name: 'Lote 10/03/2026' };
    expect(withServerBatch(state({ batch: local }), local.id, server, false).batch).toEqual(server);
  });
});

describe('a receita or lote changed in another tab (409 *_changed)', () => {
  it('takes the server’s receita in place of the one held', () => {
    const draft = receita('prescription-1', { version: 1 });
    const elsewhere = { ...draft, version: 3, diagnosis: 'Faringite (outra aba)' };
    expect(adoptServerPrescription(state({ current: draft }), elsewhere).current).toEqual(
      elsewhere,
    );
  });

  it('brings back a draft whose finalise or cancel was refused, as it now is', () => {
    const draft = receita('prescription-1', { version: 1 });
    const elsewhere = { ...draft, version: 2, notes: 'Editada em outra aba' };
    const finalized = withFinalizedPrescription(state({ current: draft }), draft.id, AT);
    expect(adoptServerPrescription(finalized, elsewhere)).toMatchObject({
      current: elsewhere,
      saved: [],
    });
    const cancelled = withoutPrescription(state({ current: draft }), draft.id);
    expect(adoptServerPrescription(cancelled, elsewhere).current).toEqual(elsewhere);
  });

  it('takes the server’s lote: still open it is active, finalised it is saved', () => {
    const batch = lote('batch-1', { version: 1 });
    const renamed = { ...batch, version: 2, name: 'Renomeado em outra aba' };
    expect(adoptServerBatch(state({ batch }), renamed).batch).toEqual(renamed);
    const finalized = { ...batch, version: 2, isFinalized: true };
    expect(adoptServerBatch(state({ batch }), finalized)).toMatchObject({
      batch: undefined,
      batches: [finalized],
    });
  });
});

describe('the lists read from the server', () => {
  it('are the server’s finalised receitas, newest first, with what this device has not sent', () => {
    const offline = receita('prescription-local-1', { isFinalized: true, minute: 30 });
    const edited = receita('prescription-2', { isFinalized: true, minute: 2, notes: 'aqui' });
    const held = state({
      saved: [offline, edited, receita('prescription-old', { isFinalized: true })],
    });
    const server = [
      receita('prescription-2', { isFinalized: true, minute: 2, notes: 'lá' }),
      receita('prescription-3', { isFinalized: true, minute: 3 }),
      receita('prescription-4', { minute: 4 }),
    ];
    const next = withServerPrescriptionList(held, server, new Set(['prescription-2']));
    expect(next.saved.map((item) => [item.id, item.notes])).toEqual([
      ['prescription-local-1', ''],
      ['prescription-3', ''],
      ['prescription-2', 'aqui'],
    ]);
  });

  it('drop the active lote when it was finalised elsewhere, unless it has changes unsent', () => {
    const batch = lote('batch-1', { version: 1 });
    const finalized = { ...batch, version: 2, isFinalized: true };
    expect(withServerBatchList(state({ batch }), [finalized], new Set())).toMatchObject({
      batch: undefined,
      batches: [finalized],
    });
    expect(withServerBatchList(state({ batch }), [finalized], new Set(['batch-1'])).batch).toBe(
      batch,
    );
  });
});

describe('latestBatchWithPrescriptions', () => {
  it('is the active lote, else the newest finalised one, that holds saved receitas', () => {
    const maria = receita('prescription-1', { isFinalized: true, patientName: 'Maria' });
    const joao = receita('prescription-2', { isFinalized: true, patientName: 'João' });
    const saved = [joao, maria];
    expect(latestBatchWithPrescriptions(state({ saved }))).toBeUndefined();
    const empty = lote('batch-1', { isFinalized: true, minute: 5 });
    const manha = lote('batch-2', {
      isFinalized: true,
      minute: 1,
      prescriptionIds: ['prescription-1', 'prescription-2'],
    });
    expect(latestBatchWithPrescriptions(state({ saved, batches: [empty, manha] }))).toEqual({
      batch: manha,
      prescriptions: [maria, joao],
    });
    const tarde = lote('batch-3', { prescriptionIds: ['prescription-2', 'prescription-x'] });
    expect(latestBatchWithPrescriptions(state({ saved, batch: tarde, batches: [manha] }))).toEqual({
      batch: tarde,
      prescriptions: [joao],
    });
  });
});

describe('ids and order', () => {
  it('tells this device’s ids from the server’s', () => {
    expect(isLocalId('prescription-local-1700000000000')).toBe(true);
    expect(isSignableReceita({ id: 'prescription-local-1700000000000' })).toBe(false);
    expect(isSignableReceita({ id: 'prescription-1' })).toBe(true);
    expect(isSignableReceita({ id: 'prescription-1', signedAt: '2026-11-27T12:00:00.000Z' })).toBe(
      false,
    );
    expect(
      isSignableReceita({ id: 'prescription-1', cancellation: { at: '2026-11-27', reason: 'x' } }),
    ).toBe(false);
    expect(isLocalId('batch-local-1700000000000-1')).toBe(true);
    expect(isLocalId('prescription-3f2a')).toBe(false);
  });

  it('orders newest first, ties in their order', () => {
    const a = receita('a', { minute: 1 });
    const b = receita('b', { minute: 2 });
    const c = receita('c', { minute: 1 });
    expect(newestFirst([a, b, c]).map((item) => item.id)).toEqual(['b', 'a', 'c']);
  });
});
