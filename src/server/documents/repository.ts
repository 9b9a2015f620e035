import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  DOCUMENT_ID_PREFIX,
  type DocumentBody,
  type DocumentIssue,
} from '@shared/documents/clinical-document';
import type { AppDatabase, AppTransaction } from '../db/database';
import { clinicalDocuments, signedPdfs, type ClinicalDocumentRow } from '../db/schema';
import type { RecordPosition } from '../medical-records/paging-key';

// Every query here takes the doctor's id and filters by it: a document of another doctor is
// indistinguishable from a missing one.

/** A new document: whose, from which visit, and what it says. */
export interface DocumentInsert {
  patientId: string;
  recordId: string | undefined;
  body: DocumentBody;
}

/** What issuing adds to a draft: the issue's copy and where the document is checked. */
export interface DocumentIssuance {
  issue: DocumentIssue;
  publicId: string;
  secretCode: string;
}

/** A signature's result: the signed PDF, which certificate signed it, and when. */
export interface DocumentSignature {
  pdf: Uint8Array<ArrayBuffer>;
  certificateFingerprint: string;
  signedAt: Date;
}

export type DocumentWriteOutcome =
  | { kind: 'written'; row: ClinicalDocumentRow }
  | { kind: 'not-found' }
  /** If-Match named another version than the stored one: nothing written. */
  | { kind: 'stale'; current: ClinicalDocumentRow }
  /** The write is one a document in its status does not take (an issued one's content…). */
  | { kind: 'refused'; current: ClinicalDocumentRow };

export type DocumentRemoveOutcome =
  | { kind: 'removed' }
  | { kind: 'not-found' }
  | { kind: 'stale'; current: ClinicalDocumentRow }
  /** Only a draft is deleted: an issued document is cancelled, never erased. */
  | { kind: 'refused'; current: ClinicalDocumentRow };

const ownedBy = (userId: string, id: string) =>
  and(eq(clinicalDocuments.id, id), eq(clinicalDocuments.userId, userId));

const versionIs = (expectedVersion: number | undefined) =>
  expectedVersion === undefined ? undefined : eq(clinicalDocuments.version, expectedVersion);

/** The clinical documents store of one database. */
export function createDocumentRepository(db: AppDatabase) {
  const find = async (
    userId: string,
    id: string,
    on: AppDatabase | AppTransaction = db,
  ): Promise<ClinicalDocumentRow | undefined> => {
    const [row] = await on.select().from(clinicalDocuments).where(ownedBy(userId, id));
    return row;
  };

  /**
   * One conditional UPDATE (so no other write lands between the check and the write), then, when
   * it wrote nothing, why: missing, another version, or a status that refuses it.
   */
  const writeWhen = async (
    userId: string,
    id: string,
    expectedVersion: number | undefined,
    status: ClinicalDocumentRow['status'][],
    set: Partial<ClinicalDocumentRow>,
    on: AppDatabase | AppTransaction = db,
  ): Promise<DocumentWriteOutcome> => {
    const [row] = await on
      .update(clinicalDocuments)
      .set({ ...set, version: sql`${clinicalDocuments.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          ownedBy(userId, id),
          versionIs(expectedVersion),
          or(...status.map((each) => eq(clinicalDocuments.status, each))),
        ),
      )
      .returning();
    if (row) return { kind: 'written', row };
    const current = await find(userId, id, on);
    if (!current) return { kind: 'not-found' };
    if (expectedVersion !== undefined && current.version !== expectedVersion) {
      return { kind: 'stale', current };
    }
    return { kind: 'refused', current };
  };

  return {
    find,

    /**
     * An issued (or signed, or cancelled) document by its public id, whoever's it is: for its
     * validation page, which answers nothing of it without its code.
     */
    async findIssued(publicId: string): Promise<ClinicalDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(clinicalDocuments)
        .where(eq(clinicalDocuments.publicId, publicId));
      return row?.status === 'rascunho' ? undefined : row;
    },

    async insert(userId: string, input: DocumentInsert): Promise<ClinicalDocumentRow> {
      const now = new Date();
      const [row] = await db
        .insert(clinicalDocuments)
        .values({
          id: `${DOCUMENT_ID_PREFIX}${randomUUID()}`,
          userId,
          patientId: input.patientId,
          recordId: input.recordId ?? null,
          kind: input.body.kind,
          status: 'rascunho',
          content: input.body.content,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * A page of the patient's documents, newest first (keyset on (created_at, id)).
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    list(
      userId: string,
      patientId: string,
      limit: number,
      after: RecordPosition | undefined,
    ): Promise<ClinicalDocumentRow[]> {
      return db
        .select()
        .from(clinicalDocuments)
        .where(
          and(
            eq(clinicalDocuments.patientId, patientId),
            eq(clinicalDocuments.userId, userId),
            after
              ? or(
                  lt(clinicalDocuments.createdAt, after.createdAt),
                  and(
                    eq(clinicalDocuments.createdAt, after.createdAt),
                    lt(clinicalDocuments.id, after.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(clinicalDocuments.createdAt), desc(clinicalDocuments.id))
        .limit(limit + 1);
    },

    /** A draft's new content; an issued document refuses it. */
    updateDraft(
      userId: string,
      id: string,
      body: DocumentBody,
      expectedVersion: number | undefined,
    ): Promise<DocumentWriteOutcome> {
      return writeWhen(userId, id, expectedVersion, ['rascunho'], {
        // The kind is the draft's own: a body of another kind is refused by the route's schema.
        content: body.content,
      });
    },

    /** Freezes a draft: its issue's copy and its validation code; anything else refuses it. */
    issue(
      userId: string,
      id: string,
      issuance: DocumentIssuance,
      expectedVersion: number | undefined,
    ): Promise<DocumentWriteOutcome> {
      return writeWhen(userId, id, expectedVersion, ['rascunho'], {
        status: 'emitido',
        issue: issuance.issue,
        publicId: issuance.publicId,
        secretCode: issuance.secretCode,
      });
    },

    /**
     * Signs an issued document — or a draft, issued by the same write — and keeps its signed
     * PDF, in one transaction: a document is signed once, with its PDF, or not at all.
     */
    sign(
      userId: string,
      id: string,
      signature: DocumentSignature,
      issuance: DocumentIssuance | undefined,
      expectedVersion: number | undefined,
    ): Promise<DocumentWriteOutcome> {
      return db.transaction(async (tx) => {
        const outcome = await writeWhen(
          userId,
          id,
          expectedVersion,
          [issuance === undefined ? 'emitido' : 'rascunho'],
          {
            status: 'assinado',
            signedAt: signature.signedAt,
            ...(issuance === undefined
              ? {}
              : {
                  issue: issuance.issue,
                  publicId: issuance.publicId,
                  secretCode: issuance.secretCode,
                }),
          },
          tx,
        );
        if (outcome.kind === 'written') {
          await tx.insert(signedPdfs).values({
            documentId: id,
            userId,
            pdf: signature.pdf,
            certificateFingerprint: signature.certificateFingerprint,
            signedAt: signature.signedAt,
          });
        }
        return outcome;
      });
    },

    /** A signed document's PDF as it was signed; undefined when it was never signed. */
    signedPdf: async (
      userId: string,
      documentId: string,
    ): Promise<Uint8Array<ArrayBuffer> | undefined> => {
      const [row] = await db
        .select({ pdf: signedPdfs.pdf })
        .from(signedPdfs)
        .where(and(eq(signedPdfs.documentId, documentId), eq(signedPdfs.userId, userId)));
      return row?.pdf;
    },

    /** Withdraws an issued (or signed) document with a reason; it stays, marked cancelled. */
    cancel(
      userId: string,
      id: string,
      reason: string,
      expectedVersion: number | undefined,
    ): Promise<DocumentWriteOutcome> {
      return writeWhen(userId, id, expectedVersion, ['emitido', 'assinado'], {
        status: 'cancelado',
        cancelledAt: new Date(),
        cancelReason: reason,
      });
    },

    /** Deletes a draft; an issued document is only ever cancelled. */
    async removeDraft(
      userId: string,
      id: string,
      expectedVersion: number | undefined,
    ): Promise<DocumentRemoveOutcome> {
      const deleted = await db
        .delete(clinicalDocuments)
        .where(
          and(
            ownedBy(userId, id),
            versionIs(expectedVersion),
            eq(clinicalDocuments.status, 'rascunho'),
          ),
        )
        .returning({ id: clinicalDocuments.id });
      if (deleted.length > 0) return { kind: 'removed' };
      const current = await find(userId, id);
      if (!current) return { kind: 'not-found' };
      if (expectedVersion !== undefined && current.version !== expectedVersion) {
        return { kind: 'stale', current };
      }
      return { kind: 'refused', current };
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
