import type { MessagePort } from 'node:worker_threads';
import type { DocumentText } from '@shared/documents/document-text';
import type { ReceitaSettings } from '@shared/prescriptions/receita-document';
import type { ReceitaPage } from '@shared/prescriptions/receita-page-layout';
import {
  composeDocumentPdf,
  renderDocumentPdf,
  type DocumentPdfOptions,
} from '../pdf/document-pdf';
import { composeReceitaPdf, renderReceitaPdf, type ReceitaMarks } from '../pdf/receita-pdf';
import { preparePdfForSignature, type PdfSignatureRequest } from '../signing/pades';
import { readPkcs12, type Pkcs12Reading } from '../signing/pkcs12';

/**
 * The work a request hands to a worker thread (docs/seguranca.md, "Trabalho pesado"): pure
 * functions of what they are sent, so they run the same in a worker and in a test. Each answers
 * plain data a worker can post back (a KeyObject crosses threads too).
 */
export type HeavyJob =
  | {
      kind: 'receita-pdf';
      pages: readonly ReceitaPage[];
      settings: Pick<ReceitaSettings, 'name' | 'prescriptionName'>;
      metadata: { title: string; createdAt: Date };
      marks: ReadonlyMap<string, ReceitaMarks>;
      /** When given, the file is made ready for this signature (signing/pades.ts). */
      signature?: PdfSignatureRequest;
    }
  | {
      kind: 'document-pdf';
      text: DocumentText;
      options: DocumentPdfOptions;
      signature?: PdfSignatureRequest;
    }
  | { kind: 'pkcs12'; file: Uint8Array; password: string };

export type HeavyJobKind = HeavyJob['kind'];

/** What each kind of job answers. */
export interface HeavyJobResults {
  'receita-pdf': Uint8Array<ArrayBuffer>;
  'document-pdf': Uint8Array<ArrayBuffer>;
  pkcs12: Pkcs12Reading;
}

/** What a worker thread receives: the job, and the port to say it has begun on. */
export interface HeavyTask {
  job: HeavyJob;
  /** Told once the job begins: its time limit counts from then (workers/heavy-work.ts). */
  started: MessagePort;
}

/** The worker thread's entry point: says the job has begun, then runs it. */
export default async function runHeavyTask({
  job,
  started,
}: HeavyTask): Promise<HeavyJobResults[HeavyJobKind]> {
  started.postMessage('started');
  started.close();
  return runHeavyJob(job);
}

/** Runs one job. */
async function runHeavyJob(job: HeavyJob): Promise<HeavyJobResults[HeavyJobKind]> {
  switch (job.kind) {
    case 'receita-pdf':
      return job.signature === undefined
        ? renderReceitaPdf(job.pages, job.settings, job.metadata, job.marks)
        : preparePdfForSignature(
            await composeReceitaPdf(job.pages, job.settings, job.metadata, job.marks),
            job.signature,
          );
    case 'document-pdf':
      return job.signature === undefined
        ? renderDocumentPdf(job.text, job.options)
        : preparePdfForSignature(await composeDocumentPdf(job.text, job.options), job.signature);
    case 'pkcs12':
      return readPkcs12(job.file, job.password);
  }
}
