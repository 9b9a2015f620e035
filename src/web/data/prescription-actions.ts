import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PrescriptionExtraction } from '@shared/ai/tasks';
import type { ApiError } from '@shared/api/client';
import type { PrescriptionUpdateInput, PresentedPrescription } from '@shared/api/prescriptions';
import type { Medication } from '@shared/records/medical-record';
import {
  batchCreateSchema,
  prescriptionCreateSchema,
  prescriptionUpdateSchema,
  type PrescriptionBatch,
} from '@shared/prescriptions/prescription';
import {
  PRESCRIPTION_MESSAGES,
  contentOf,
  draftFromExtraction,
  editableDraft,
  failed,
  mergePrescriptionExtraction,
  succeeded,
  withAddedMedication,
  withDispenseQuantityAt,
  withoutControlMarks,
  withoutMedicationAt,
  type PrescribingDoctor,
  type PrescriptionContent,
  type PrescriptionResult,
} from '@shared/prescriptions/draft';
import {
  LOCAL_BATCH_ID_PREFIX,
  LOCAL_PRESCRIPTION_ID_PREFIX,
  heldBatch,
  heldPrescription,
  isLocalId,
  latestVersionOf,
  latestBatchWithPrescriptions,
  restoredFrom,
  withFinalizedPrescription,
  withoutBatch,
  withoutPrescription,
  type HeldIds,
  type PrescriptionState,
} from '@shared/prescriptions/state';
import { formatValidationError } from '@shared/lib/validation-message';
import { withSafetyReason, type SafetyWarning } from '@shared/prescriptions/safety-warnings';
import {
  correctionOf,
  receitaSaysStep,
  visitReceitaContent,
  visitReceitasOf,
  withDoctorEdits,
  type VisitPrescription,
} from '@shared/prescriptions/visit-receita';
import { useDoctorData } from './doctor-data-context';
import {
  BATCH,
  PRESCRIPTION,
  carriesServerPrescription,
  changeState,
  createPrescriptionWrite,
  deletePrescriptionWrite,
  finalizePrescriptionWrite,
  newLocalId,
  prescriptionStateIn,
  setDispenseQuantityWrite,
  setSafetyReasonsWrite,
  updatePrescriptionWrite,
  type PrescriptionAnswer,
} from './prescriptions';
import {
  addToBatchWrite,
  createBatchWrite,
  deleteBatchWrite,
  finalizeBatchWrite,
  type BatchAnswer,
} from './prescription-batches';
import type { WriteKind, WriteQueue, WriteResult } from './write-queue';

/**
 * What the doctor does with receitas and lotes (docs/product.md, "Ciclo de vida da receita",
 * "Ciclo de vida do lote"), from the chat's commands, the record's summary and the print
 * dialog: each action checks its guards, shows its change in the cache at once and hands it to
 * the write queue (the kinds of write are in `prescriptions.ts`), and answers as the slash
 * commands show it — `{ ok: true, value }` or `{ ok: false, error }` with the Portuguese message.
 */

export type PrescriptionActions = ReturnType<typeof prescriptionActions>;

/** What the doctor does with receitas and lotes, from the chat and the record. */
export function usePrescriptionActions(): PrescriptionActions {
  const cache = useQueryClient();
  const { queue } = useDoctorData();
  return useMemo(() => prescriptionActions(cache, queue), [cache, queue]);
}

/**
 * Saves the doctor's own quantity to dispense for one medicine of a receita (the print dialog's
 * editor): its `isPending` while the write goes; its answer says whether it was kept or why not.
 */
export function useDispenseQuantitySave() {
  const actions = usePrescriptionActions();
  return useMutation({
    mutationFn: (input: { prescriptionId: string; index: number; typed: string }) =>
      actions.setDispenseQuantity(input.prescriptionId, input.index, input.typed),
  });
}

/**
 * Issues drafts one after another (the server checks each first), stopping at the first that
 * cannot be issued: the print dialog's `isPending` while they go, and its answer is that
 * refusal's message, or none when every draft was issued.
 */
export function useDraftsIssue() {
  const actions = usePrescriptionActions();
  return useMutation({
    mutationFn: async (drafts: readonly { id: string }[]): Promise<string | undefined> => {
      for (const draft of drafts) {
        const issued = await actions.issue(draft.id);
        if (!issued.ok) return issued.error;
      }
      return undefined;
    },
  });
}

/**
 * A receita issued at once from a screen — the chart's renewal (`quick`) or the visit's own
 * receita (`visitReceita`) — as a mutation: the screen reads `isPending` while it goes, and the
 * answer is the action's, `{ ok: true, value }` or `{ ok: false, error }`.
 */
export function useReceitaIssue() {
  const actions = usePrescriptionActions();
  return {
    quick: useMutation({
      mutationFn: (input: Parameters<PrescriptionActions['quick']>) => actions.quick(...input),
    }),
    visitReceita: useMutation({
      mutationFn: (input: Parameters<PrescriptionActions['visitReceita']>) =>
        actions.visitReceita(...input),
    }),
  };
}

/** Whether a refusal left the server's copy in place of this device's (a 409 `*_changed`). */
const adoptedServerCopy = (error: ApiError) =>
  carriesServerPrescription(error) || error.code === 'batch_changed';

/**
 * The prescription actions over the query cache and the write queue. Each shows its change at
 * once and waits for the server: it answers with the server's copy (its special-control marks,
 * its quantities), or — while the server cannot be reached — with the copy kept on this device,
 * sent later. A refusal undoes the change here and answers the server's message, but for a
 * receita or lote changed elsewhere meanwhile, whose server version is taken instead.
 * @param cache - the query cache holding the receitas and lotes
 * @param queue - the write queue the changes go through
 * @param now - the clock (tests fix it)
 */
export function prescriptionActions(
  cache: QueryClient,
  queue: WriteQueue,
  now: () => Date = () => new Date(),
) {
  const state = () => prescriptionStateIn(cache);

  /**
   * What came of a write of a receita: the receita as now held, or the refusal's message.
   * @param id - the receita written
   * @param before - the state before the change
   * @param undo - what is put back as it was in `before` if the server refused the change
   */
  function prescriptionOutcome(
    result: WriteResult<PrescriptionAnswer>,
    id: string,
    before: PrescriptionState,
    undo: HeldIds = { prescriptions: [id] },
  ): PrescriptionResult<PresentedPrescription> {
    if (result.status === 'refused') {
      if (!adoptedServerCopy(result.error)) {
        changeState(cache, (held) => restoredFrom(held, before, undo));
      }
      return failed(result.error.message, result.error.code);
    }
    const answered = result.status === 'sent' ? result.answer.prescription : undefined;
    const held = heldPrescription(state(), answered?.id ?? id) ?? answered;
    return held ? succeeded(held) : failed(PRESCRIPTION_MESSAGES.noPrescription);
  }

  /** As {@link prescriptionOutcome}, for a write of a lote. */
  function batchOutcome(
    result: WriteResult<BatchAnswer>,
    id: string,
    before: PrescriptionState,
    undo: HeldIds = { batches: [id] },
  ): PrescriptionResult<PrescriptionBatch> {
    if (result.status === 'refused') {
      if (!adoptedServerCopy(result.error)) {
        changeState(cache, (held) => restoredFrom(held, before, undo));
      }
      return failed(result.error.message);
    }
    const answered = result.status === 'sent' ? result.answer.batch : undefined;
    const held = heldBatch(state(), answered?.id ?? id) ?? answered;
    return held ? succeeded(held) : failed(PRESCRIPTION_MESSAGES.noBatch);
  }

  /**
   * Writes one part of a held receita over the version seen, checked first as the server would
   * check it (`sent`: the part as it goes on the wire).
   */
  async function writePart<Payload>(
    held: PresentedPrescription,
    kind: WriteKind<Payload, PrescriptionAnswer>,
    payload: Payload,
    sent: PrescriptionUpdateInput,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    const body = prescriptionUpdateSchema.safeParse(sent);
    if (!body.success) return failed(formatValidationError(body.error));
    const before = state();
    const result = await queue.submit(kind, { entityId: held.id, payload, version: held.version });
    return prescriptionOutcome(result, held.id, before);
  }

  /** A new receita (a draft, or a quick one), checked as the server would check it. */
  async function create(
    content: PrescriptionContent,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    const body = prescriptionCreateSchema.safeParse(withoutControlMarks(content));
    if (!body.success) return failed(formatValidationError(body.error));
    const before = state();
    const id = newLocalId(LOCAL_PRESCRIPTION_ID_PREFIX, now().getTime());
    const result = await queue.submit(createPrescriptionWrite, {
      entityId: id,
      payload: content,
      creates: true,
    });
    // Refused, the draft it replaced is the one being written again.
    const replaced = before.current ? [before.current.id] : [];
    return prescriptionOutcome(result, id, before, { prescriptions: [id, ...replaced] });
  }

  /** Saves an edited draft, checked as the server would check it. */
  async function saveDraft(
    edited: PresentedPrescription,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    const {
      isFinalized: _isFinalized,
      recordId: _recordId,
      replacesId: _replacesId,
      ...content
    } = contentOf(edited);
    const body = prescriptionUpdateSchema.safeParse(withoutControlMarks(content));
    if (!body.success) return failed(formatValidationError(body.error));
    const before = state();
    const result = await queue.submit(updatePrescriptionWrite, {
      entityId: edited.id,
      payload: content,
      version: edited.version,
    });
    return prescriptionOutcome(result, edited.id, before);
  }

  /** Adds a finalised receita to the active lote (once). */
  async function addToActiveBatch(
    prescription: PresentedPrescription,
  ): Promise<PrescriptionResult<PrescriptionBatch>> {
    const { batch } = state();
    if (!batch) return failed(PRESCRIPTION_MESSAGES.noBatch);
    if (batch.prescriptionIds.includes(prescription.id)) return succeeded(batch);
    const before = state();
    const result = await queue.submit(addToBatchWrite, {
      entityId: batch.id,
      payload: { prescriptionId: prescription.id },
      version: batch.version,
    });
    return batchOutcome(result, batch.id, before);
  }

  /** Finalises the receita being written: saved, and no longer current. */
  async function finalize(): Promise<PrescriptionResult<PresentedPrescription>> {
    const { current } = state();
    if (!current) return failed(PRESCRIPTION_MESSAGES.noPrescription);
    if (current.isFinalized) {
      // A quick receita: already saved, simply no longer current.
      changeState(cache, (held) =>
        withFinalizedPrescription(held, current.id, now().toISOString()),
      );
      return succeeded(current);
    }
    const before = state();
    const result = await queue.submit(finalizePrescriptionWrite, {
      entityId: current.id,
      payload: {},
      version: current.version,
    });
    return prescriptionOutcome(result, current.id, before);
  }

  /**
   * Issues a draft (finalises it: its validation address and code are given), once the server
   * has checked it — a grave safety warning without the doctor's reason refuses it. What leaves
   * Prontu (print, PDF, copy) is issued first, so the server must answer.
   */
  async function issue(prescriptionId: string): Promise<PrescriptionResult<PresentedPrescription>> {
    const held = heldPrescription(state(), prescriptionId);
    if (!held) return failed(PRESCRIPTION_MESSAGES.noPrescription);
    if (held.isFinalized) return succeeded(held);
    const before = state();
    const result = await queue.submit(finalizePrescriptionWrite, {
      entityId: held.id,
      payload: {},
      version: held.version,
    });
    if (result.status === 'kept') return failed(PRESCRIPTION_MESSAGES.issueOffline);
    return prescriptionOutcome(result, held.id, before);
  }

  /**
   * The visit's receita as the step now says it (docs/receitas.md, "A receita da consulta"): its
   * draft, written over with what the step says (the doctor's own quantities and reasons kept);
   * else its valid issued one while it says what the step says; else a new draft — a new version
   * of the issued one when there is one. Never a second receita of the visit: one made elsewhere
   * meanwhile (another tab, another device) is taken.
   */
  async function visitReceita(
    visit: VisitPrescription,
    doctor: PrescribingDoctor,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    let outcome: PrescriptionResult<PresentedPrescription> = failed(
      PRESCRIPTION_MESSAGES.noPrescription,
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const step = visitReceitaContent(visit, doctor, now());
      const { draft, issued } = visitReceitasOf(state().saved, visit.recordId);
      if (draft) {
        if (receitaSaysStep(draft, step)) return succeeded(draft);
        return saveDraft({ ...draft, ...withDoctorEdits(step, draft) });
      }
      if (issued && receitaSaysStep(issued, step)) return succeeded(issued);
      outcome = await create(
        issued ? { ...withDoctorEdits(step, issued), replacesId: issued.id } : step,
      );
      // Refused because the visit has one already: that one, now held, is the visit's receita.
      if (outcome.ok || outcome.code !== 'prescription_exists') return outcome;
    }
    return outcome;
  }

  return {
    /** The receitas and lotes as they are now (not a render's copy). */
    get state(): PrescriptionState {
      return state();
    },

    issue,
    visitReceita,

    /**
     * A new version of an issued receita, to correct it: a draft saying what it says, which
     * replaces it (cancelled as 'Substituída') once issued in turn. One already open is taken.
     */
    async correct(prescriptionId: string): Promise<PrescriptionResult<PresentedPrescription>> {
      const held = heldPrescription(state(), prescriptionId);
      if (!held) return failed(PRESCRIPTION_MESSAGES.noPrescription);
      const open = latestVersionOf(state(), held);
      if (open.id !== held.id) return succeeded(open);
      if (!held.isFinalized || held.cancellation) return succeeded(held);
      const created = await create(correctionOf(held, now()));
      if (created.ok || created.code !== 'prescription_exists') return created;
      return succeeded(latestVersionOf(state(), held));
    },

    /**
     * Starts a receita from an extraction; a draft already open is replaced (it stays on the
     * server, unfinished).
     * @param extraction - what was read from the doctor's text
     * @param doctor - who signs it
     */
    start(
      extraction: PrescriptionExtraction,
      doctor: PrescribingDoctor,
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      return create(draftFromExtraction(extraction, doctor, now()));
    },

    /** Merges a new extraction (the last 10 messages) into the draft. */
    async update(
      extraction: PrescriptionExtraction,
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      const draft = editableDraft(state().current);
      if (!draft.ok) return draft;
      return saveDraft(mergePrescriptionExtraction(draft.value, extraction));
    },

    /** Appends a medicine to the draft (the record screen, `/adicionar-medicamento`). */
    async addMedication(
      medication: Medication,
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      const draft = editableDraft(state().current);
      if (!draft.ok) return draft;
      return saveDraft(withAddedMedication(draft.value, medication));
    },

    /** Removes the medicine at `index` (0-based, in the draft's order). */
    async removeMedication(index: number): Promise<PrescriptionResult<PresentedPrescription>> {
      const draft = editableDraft(state().current);
      if (!draft.ok) return draft;
      const edited = withoutMedicationAt(draft.value, index);
      if (!edited.ok) return edited;
      return saveDraft(edited.value);
    },

    /**
     * The doctor's own quantity to dispense for the medicine at `index` of a receita (the
     * current one or a saved one): kept as written ('2 caixas'), never recomputed.
     * @param prescriptionId - the receita
     * @param index - the medicine, 0-based in the receita's order
     * @param typed - the quantity as typed: a whole number and its unit
     */
    async setDispenseQuantity(
      prescriptionId: string,
      index: number,
      typed: string,
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      const held = heldPrescription(state(), prescriptionId);
      if (!held) return failed(PRESCRIPTION_MESSAGES.noPrescription);
      const edited = withDispenseQuantityAt(held, index, typed);
      if (!edited.ok) return edited;
      const { medications } = edited.value;
      return writePart(
        held,
        setDispenseQuantityWrite,
        { medications },
        withoutControlMarks({ medications }),
      );
    },

    /**
     * The doctor's reason to issue a receita through a grave safety warning (docs/receitas.md, "Segurança da prescrição"), kept with
     * it in place of an earlier one for the same warning.
     * @param prescriptionId - the receita
     * @param warning - the warning, as the check said it
     * @param reason - the reason as typed
     */
    async setSafetyReason(
      prescriptionId: string,
      warning: SafetyWarning,
      reason: string,
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      const held = heldPrescription(state(), prescriptionId);
      if (!held) return failed(PRESCRIPTION_MESSAGES.noPrescription);
      const safetyReasons = withSafetyReason(held.safetyReasons ?? [], warning, reason);
      return writePart(held, setSafetyReasonsWrite, { safetyReasons }, { safetyReasons });
    },

    finalize,

    /** Cancels the draft: deleted on the server, no longer current. A finalised one stays saved. */
    async cancel(): Promise<PrescriptionResult<undefined>> {
      const { current } = state();
      if (!current) return failed(PRESCRIPTION_MESSAGES.noPrescription);
      if (current.isFinalized) {
        changeState(cache, (held) => ({ ...held, current: undefined }));
        return succeeded(undefined);
      }
      const neverCreated =
        isLocalId(current.id) ||
        queue.pendingFor(PRESCRIPTION, current.id).some((write) => write.creates);
      // Its edits not sent yet will never be needed.
      queue.discard(PRESCRIPTION, current.id);
      if (neverCreated) {
        changeState(cache, (held) => withoutPrescription(held, current.id));
        return succeeded(undefined);
      }
      const result = await queue.submit(deletePrescriptionWrite, {
        entityId: current.id,
        payload: {},
        version: current.version,
      });
      if (result.status === 'refused' && adoptedServerCopy(result.error)) {
        return failed(result.error.message);
      }
      if (result.status === 'refused' && result.error.code !== 'not_found') {
        console.warn('Rascunho de receita não removido do servidor.', result.error.message);
      }
      return succeeded(undefined);
    },

    /**
     * A quick receita: created and finalised at once, with one request — or, when the server will
     * not issue it for a grave safety warning without a reason, a draft to issue from the print
     * dialog once the doctor writes it. While a lote is active
     * it joins it (a doctor who started a lote is grouping the receitas that follow). It becomes
     * current, so `/adicionar-ao-lote` and `/mostrar-receita` can follow, unless a draft is
     * being written. A receita issued from a visit names its patient (`patient`): her chart
     * gives what it prints of her.
     */
    async quick(
      extraction: PrescriptionExtraction,
      doctor: PrescribingDoctor,
      patient: Pick<PrescriptionContent, 'patientId' | 'patientSex' | 'safetyReasons'> = {},
    ): Promise<PrescriptionResult<PresentedPrescription>> {
      const content = { ...draftFromExtraction(extraction, doctor, now(), true), ...patient };
      const created = await create(content);
      // A grave safety warning without a reason: it stays a draft (answered as such), issued
      // from the print dialog once the doctor gives her reason.
      if (!created.ok && created.code === 'safety_reason_required') {
        return create({ ...content, isFinalized: false });
      }
      if (created.ok && state().batch) {
        const added = await addToActiveBatch(created.value);
        if (!added.ok) console.warn('Receita rápida não adicionada ao lote.', added.error);
      }
      return created;
    },

    /**
     * Starts a lote; without a name the server calls it 'Lote dd/MM/aaaa'. A lote already
     * active is replaced (it stays open on the server).
     */
    async startBatch(name?: string): Promise<PrescriptionResult<PrescriptionBatch>> {
      const given = name?.trim() ? name.trim() : undefined;
      const payload = batchCreateSchema.safeParse(given ? { name: given } : {});
      if (!payload.success) return failed(formatValidationError(payload.error));
      const before = state();
      const id = newLocalId(LOCAL_BATCH_ID_PREFIX, now().getTime());
      const result = await queue.submit(createBatchWrite, {
        entityId: id,
        payload: payload.data,
        creates: true,
      });
      const replaced = before.batch ? [before.batch.id] : [];
      return batchOutcome(result, id, before, { batches: [id, ...replaced] });
    },

    /**
     * Adds the current receita to the active lote, finalising it first if it is a draft; it is
     * then no longer current. Needs an active lote, then an active receita.
     * @returns the lote with the receita, or the guard's or the server's message (a lote
     *   finalised meanwhile: 'Este lote já foi finalizado.')
     */
    async addCurrentToBatch(): Promise<PrescriptionResult<PrescriptionBatch>> {
      if (!state().batch) return failed(PRESCRIPTION_MESSAGES.noBatch);
      const { current } = state();
      if (!current) return failed(PRESCRIPTION_MESSAGES.noPrescription);
      let prescription = current;
      if (!current.isFinalized) {
        const finalized = await finalize();
        if (!finalized.ok) return finalized;
        prescription = finalized.value;
      }
      const added = await addToActiveBatch(prescription);
      if (added.ok && state().current?.id === prescription.id) {
        changeState(cache, (held) => ({ ...held, current: undefined }));
      }
      return added;
    },

    /** Finalises the active lote: saved, and no longer active. */
    async finalizeBatch(): Promise<PrescriptionResult<PrescriptionBatch>> {
      const { batch } = state();
      if (!batch) return failed(PRESCRIPTION_MESSAGES.noBatch);
      const before = state();
      const result = await queue.submit(finalizeBatchWrite, {
        entityId: batch.id,
        payload: {},
        version: batch.version,
      });
      return batchOutcome(result, batch.id, before);
    },

    /** Cancels the active lote: deleted on the server; its receitas stay saved. */
    async cancelBatch(): Promise<PrescriptionResult<undefined>> {
      const { batch } = state();
      if (!batch) return failed(PRESCRIPTION_MESSAGES.noBatch);
      const neverCreated =
        isLocalId(batch.id) || queue.pendingFor(BATCH, batch.id).some((write) => write.creates);
      queue.discard(BATCH, batch.id);
      if (neverCreated) {
        changeState(cache, (held) => withoutBatch(held, batch.id));
        return succeeded(undefined);
      }
      const result = await queue.submit(deleteBatchWrite, {
        entityId: batch.id,
        payload: {},
        version: batch.version,
      });
      if (result.status === 'refused' && adoptedServerCopy(result.error)) {
        return failed(result.error.message);
      }
      if (result.status === 'refused' && result.error.code !== 'not_found') {
        console.warn('Lote não removido do servidor.', result.error.message);
      }
      return succeeded(undefined);
    },

    /**
     * For the print dialog (`/imprimir-receitas`): the active lote, else the newest finalised
     * one, that holds receitas, with those receitas in the lote's order.
     */
    latestBatchWithPrescriptions() {
      return latestBatchWithPrescriptions(state());
    },
  };
}
