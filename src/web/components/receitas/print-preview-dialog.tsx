import * as Dialog from '@radix-ui/react-dialog';
import {
  Copy,
  Download,
  Eye,
  EyeOff,
  FileCheck2,
  MessageCircle,
  PenLine,
  Printer,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DoctorSettings } from '@shared/account/doctor-settings';
import {
  fillPrescriptionTemplate,
  type ReceitaPrescription,
  type ReceitaSettings,
} from '@shared/prescriptions/receita-document';
import { buildReceitaPrintJob } from '@shared/prescriptions/receita-page-layout';
import { printChoiceLabel, receitaPrintInput } from '@shared/prescriptions/receita-print-selection';
import {
  groupPrescriptionsByPatient,
  selectedForPrint,
} from '@shared/prescriptions/receita-print-selection';
import { Button, buttonClassName } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { printOnly } from '../../ui/print-area';
import { DispenseQuantityEditor } from './dispense-quantity-editor';
import { ReceitaLifePanel } from './receita-life-panel';
import { receitaSafetyHold, useReceitasSafety } from './receita-safety';
import { useDraftsIssue } from '../../data/prescription-actions';
import { RECEITA_SAFETY_TEXT, ReceitaSafetyWarnings } from './receita-safety-warnings';
import { useLatestPrescriptions, useReceitaSigning } from '../../data/prescriptions';
import { SigningPasswordDialog } from '../signing/signing-password-dialog';
import { useSessionBatchSigning } from '../../data/signing-sessions';
import { ValidationAddressNotice } from '../signing/validation-address-notice';
import { shareText, whatsAppLink } from '@shared/documents/sharing';
import { isPaperReceita, isSignableReceita } from '@shared/prescriptions/state';
import { PAPER_RECEITA_NOTICE } from '@shared/prescriptions/receita-class';
import {
  RECEITA_PDF_TEXT,
  ReceitaPdfPages,
  ReceitaPdfPrintArea,
  useReceitaPdf,
} from './receita-pdf-preview';
import { downloadFile } from '../../ui/download-file';
import { api, errorText } from '../../data/api';
import { useReceitaPdfDownload } from '../../data/receita-pdf';
import { isApiError } from '@shared/api/client';
import { prescriptionsApi } from '@shared/api/prescriptions';

export const PRINT_PREVIEW_TEXT = {
  singleTitle: 'Receitas para Impressão',
  empty: 'Nenhuma receita para impressão',
  noneSelected: 'Nenhuma receita selecionada. Marque as receitas que deseja imprimir.',
  chooseHeading: 'Escolha as receitas',
  chooseHint: 'Cada paciente sai em folhas separadas.',
  showPreview: 'Mostrar prévia',
  hidePreview: 'Ocultar prévia',
  download: 'Baixar PDF',
  sign: 'Assinar digitalmente',
  print: 'Imprimir',
  printToSign: 'Imprimir para assinatura',
  signFailed: 'Não foi possível assinar. Tente novamente.',
  signedHeading: 'Receitas assinadas digitalmente',
  downloadSigned: 'Baixar PDF assinado',
  copyLink: 'Copiar link',
  linkCopied: 'Link copiado',
  whatsApp: 'Enviar por WhatsApp',
  downloading: 'Gerando PDF…',
  downloadFailed: 'Não foi possível gerar o PDF. Tente novamente.',
  close: 'Fechar',
  issuing: 'Emitindo a receita…',
  signedApart:
    'As receitas assinadas saem no arquivo assinado, não nesta impressão: baixe-as em “Receitas assinadas digitalmente”.',
  copyOne: 'Copiar texto da receita',
  copyMany: 'Copiar texto das receitas',
  copied: 'Texto copiado para a área de transferência!',
  copyFailed: 'Não foi possível copiar o texto.',
} as const;

/**
 * docs/product.md, "Impressão de receitas": 'Lote: <nome>' for a batch, 'Receitas para Impressão'
 * otherwise.
 */
export function printPreviewTitle(batchName: string | undefined): string {
  return batchName === undefined ? PRINT_PREVIEW_TEXT.singleTitle : `Lote: ${batchName}`;
}

type PrintSettings = ReceitaSettings & Pick<DoctorSettings, 'prescriptionsPerPage'>;

/**
 * The receitas in the doctor's template (docs/product.md, "Modelos de prontuário e de receita"),
 * one after another with a blank line between; variables with nothing to fill stay visible.
 * @param prescriptions - the receitas of the dialog
 * @param settings - the doctor's settings, their template among them
 */
export function prescriptionTemplateText(
  prescriptions: readonly ReceitaPrescription[],
  settings: ReceitaSettings,
): string {
  return prescriptions
    .map((prescription) => fillPrescriptionTemplate(prescription, settings))
    .join('\n\n');
}

/**
 * The print preview of docs/product.md, "Impressão de receitas", for one prescription, several, or
 * a batch: the receitas to choose from, grouped by patient, with checkboxes (when there is more
 * than one); the notices of medicines left out (official notification forms), the PDF the server
 * draws of them, page by page (toggle), each patient's on pages of their own; print those pages
 * with the count, save the PDF itself, close.
 */
export function PrintPreviewDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The batch's name when printing a batch: titles the dialog and names the PDF. */
  batchName?: string | undefined;
  /** The receitas the doctor may print. */
  prescriptions: readonly ReceitaPrescription[];
  /** Ids of the receitas ticked when the dialog opens; all of them when left out. */
  initialSelection?: readonly string[] | undefined;
  settings: PrintSettings;
}) {
  const { settings, batchName, initialSelection } = props;
  // As now held: a quantity overwritten here shows at once, a correction in place of its receita.
  const prescriptions = useLatestPrescriptions(props.prescriptions);
  // What the doctor asked for while drafts among the chosen were being issued: done once their
  // file, with the validation code, is drawn.
  const pendingAction = useRef<'print' | 'download' | undefined>(undefined);
  const draftsIssue = useDraftsIssue();
  const issuing = draftsIssue.isPending;
  const [issueError, setIssueError] = useState<string>();
  const [showPreview, setShowPreview] = useState(true);
  const pdfDownload = useReceitaPdfDownload();
  const downloading = pdfDownload.isPending;
  const downloadError = pdfDownload.error
    ? errorText(pdfDownload.error, PRINT_PREVIEW_TEXT.downloadFailed)
    : undefined;
  const [signing, setSigning] = useState<readonly ReceitaPrescription[]>();
  const signature = useReceitaSigning();
  const sessionSigning = useSessionBatchSigning();
  // Tied to the receitas the dialog was opened with: other receitas open with their own default,
  // while a quantity edited here (a newer copy of the same receitas) keeps the doctor's choice.
  const [choice, setChoice] = useState<{
    for: readonly ReceitaPrescription[];
    ids: ReadonlySet<string>;
  }>();
  // The choice is kept by the ids the dialog was opened with; a receita corrected here (a new
  // version, a new id) stays chosen.
  const selectedIds = useMemo(
    () =>
      choice?.for === props.prescriptions
        ? choice.ids
        : new Set(initialSelection ?? props.prescriptions.map((prescription) => prescription.id)),
    [choice, props.prescriptions, initialSelection],
  );
  const openedIdOf = useMemo(
    () =>
      new Map(
        prescriptions.map((prescription, index) => [
          prescription.id,
          props.prescriptions[index]?.id ?? prescription.id,
        ]),
      ),
    [prescriptions, props.prescriptions],
  );
  const chosen = useMemo(
    () =>
      selectedForPrint(
        prescriptions,
        new Set(
          prescriptions
            .filter((prescription) =>
              selectedIds.has(openedIdOf.get(prescription.id) ?? prescription.id),
            )
            .map((prescription) => prescription.id),
        ),
      ),
    [prescriptions, selectedIds, openedIdOf],
  );
  // A signed receita leaves only as the file that was signed, byte for byte: alone, the dialog
  // shows and prints that file; among others, it is left out of their sheets.
  const signedAlone = chosen.length === 1 && chosen[0]?.signedAt !== undefined;
  const selected = useMemo(
    () => (signedAlone ? chosen : chosen.filter((receita) => receita.signedAt === undefined)),
    [chosen, signedAlone],
  );
  const drafts = selected.filter((receita) => receita.isFinalized === false);
  const choiceGroups = useMemo(() => groupPrescriptionsByPatient(prescriptions), [prescriptions]);
  const job = useMemo(() => buildReceitaPrintJob(selected, settings), [selected, settings]);
  // Tied to the job it was for: other receitas open without the last copy's message.
  const [copy, setCopy] = useState<{ job: typeof job; copied: boolean }>();
  const copyStatus = copy?.job === job ? copy.copied : undefined;
  const count = selected.length;
  // Saved on the server, neither signed nor cancelled: what a password can sign now.
  const signable = selected.filter(isSignableReceita);
  // A controlled or retained receita leaves on paper, to be signed by hand (RDC 1.000/2025).
  const onPaper = selected.some(isPaperReceita);
  // Nothing leaves the dialog before the safety check has answered, nor through a grave warning
  // without the doctor's reason (docs/receitas.md, "Segurança da prescrição").
  const safety = useReceitasSafety(selected);
  const hold = receitaSafetyHold(safety, selected);
  const safetyHold = hold === undefined ? undefined : RECEITA_SAFETY_TEXT[hold];
  const printInput = useMemo(
    () => (count > 0 ? receitaPrintInput(selected, batchName) : undefined),
    [count, selected, batchName],
  );
  const receitaPdf = useReceitaPdf(
    props.open ? printInput : undefined,
    selected,
    signedAlone ? selected[0]?.id : undefined,
  );
  const ready = job.pages.length > 0 && safetyHold === undefined && !issuing;
  const printable = ready && receitaPdf.current;
  const choosing = prescriptions.length > 1;
  const patientCount = job.patients.length;

  const toggle = (ids: readonly string[], checked: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setChoice({ for: props.prescriptions, ids: next });
  };

  /**
   * Issues the drafts among the chosen receitas (the server checks them first): nothing leaves
   * Prontu unissued. False, with the reason shown, when one could not be issued.
   */
  const issueDrafts = async (): Promise<boolean> => {
    if (drafts.length === 0) return true;
    setIssueError(undefined);
    const refusal = await draftsIssue.mutateAsync(drafts);
    setIssueError(refusal);
    return refusal === undefined;
  };

  const downloadPdf = async () => {
    // A new try: the last one's failure is no longer said.
    pdfDownload.reset();
    // The file the preview shows; the server's renderer draws it (embedded Unicode font, page
    // numbers) from the receitas as this device holds them: a quantity just changed here
    // prints before its save lands. A signed receita's is the file as signed.
    if (receitaPdf.current && receitaPdf.pdf) {
      downloadFile(receitaPdf.pdf.blob, receitaPdf.pdf.fileName);
      return;
    }
    try {
      const { blob, fileName } = await pdfDownload.mutateAsync(
        signedAlone
          ? { storedId: selected[0]?.id ?? '' }
          : { input: receitaPrintInput(selected, batchName) },
      );
      downloadFile(blob, fileName);
    } catch (error) {
      console.error('Receita PDF failed', error);
    }
  };

  // The print area's images were just put on the page: the browser prints only decoded ones.
  const printPages = async () => {
    const images = document.querySelectorAll<HTMLImageElement>("[data-print-area='receitas'] img");
    await Promise.all(Array.from(images, (image) => image.decode().catch(() => undefined)));
    printOnly('receitas');
  };

  /** Prints or saves the PDF once every chosen receita is issued and its file drawn anew. */
  const leave = async (action: 'print' | 'download') => {
    if (drafts.length > 0) {
      if (await issueDrafts()) pendingAction.current = action;
      return;
    }
    if (action === 'print') await printPages();
    else await downloadPdf();
  };

  // The drafts were issued: their file (with the validation code) is drawn again, then used.
  useEffect(() => {
    const action = pendingAction.current;
    if (action === undefined || drafts.length > 0 || !receitaPdf.current) return;
    pendingAction.current = undefined;
    if (action === 'print') void printPages();
    else void downloadPdf();
  });

  const copyText = async () => {
    if (!(await issueDrafts())) return;
    try {
      await navigator.clipboard.writeText(prescriptionTemplateText(selected, settings));
      setCopy({ job, copied: true });
    } catch (error) {
      console.warn('Clipboard write failed', error);
      setCopy({ job, copied: false });
    }
  };

  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={printPreviewTitle(batchName)}
      description={
        prescriptions.length === 0
          ? PRINT_PREVIEW_TEXT.empty
          : count === 0
            ? PRINT_PREVIEW_TEXT.noneSelected
            : `${count} ${count === 1 ? 'receita' : 'receitas'} · ${job.pages.length} ${job.pages.length === 1 ? 'página' : 'páginas'} A4${patientCount > 1 ? ` · ${patientCount} pacientes, cada um em folhas separadas` : ''}`
      }
      size="document"
      outside={
        props.open && printable && receitaPdf.pdf && <ReceitaPdfPrintArea pdf={receitaPdf.pdf} />
      }
    >
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        {choosing && (
          <section
            aria-labelledby="print-choice-heading"
            className="max-h-[40%] shrink-0 overflow-auto border-b border-line p-4 md:max-h-none md:w-80 md:border-r md:border-b-0"
          >
            <h3 id="print-choice-heading" className="text-sm font-semibold text-fg">
              {PRINT_PREVIEW_TEXT.chooseHeading}
            </h3>
            <p className="mt-1 text-xs text-fg-muted">{PRINT_PREVIEW_TEXT.chooseHint}</p>
            <div className="mt-3 flex flex-col gap-3">
              {choiceGroups.map((group) => (
                <fieldset key={group.key} className="rounded-md border border-line p-2">
                  <legend className="px-1 text-sm font-semibold break-words text-fg">
                    {group.patientName}
                  </legend>
                  {group.prescriptions.length > 1 && (
                    <PatientToggle
                      patientName={group.patientName}
                      allSelected={group.prescriptions.every((item) => selectedIds.has(item.id))}
                      onToggle={(checked) =>
                        toggle(
                          group.prescriptions.map((item) => item.id),
                          checked,
                        )
                      }
                    />
                  )}
                  <ul className="flex flex-col gap-1">
                    {group.prescriptions.map((prescription) => (
                      <li key={prescription.id}>
                        <label className="flex cursor-pointer items-start gap-2 rounded px-1 py-0.5 text-sm text-fg hover:bg-surface-muted">
                          <input
                            type="checkbox"
                            className="mt-0.5 size-4 shrink-0 accent-accent-fg"
                            checked={selectedIds.has(prescription.id)}
                            onChange={(event) => toggle([prescription.id], event.target.checked)}
                          />
                          <span className="min-w-0 break-words">
                            {printChoiceLabel(prescription)}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ))}
            </div>
          </section>
        )}

        {/* Focusable, so the pages can be scrolled from the keyboard (nothing in them is). */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Receitas a imprimir"
          className="min-h-0 flex-1 overflow-auto p-4"
        >
          {count === 0 ? (
            <p className="py-12 text-center text-fg-muted">
              {prescriptions.length === 0
                ? PRINT_PREVIEW_TEXT.empty
                : PRINT_PREVIEW_TEXT.noneSelected}
            </p>
          ) : (
            <>
              {job.notices.length > 0 && (
                <ul className="mb-4 space-y-1 rounded-md border border-warning-fg bg-warning-soft p-3 text-sm text-warning-fg">
                  {job.notices.map((notice) => (
                    <li key={notice} className="flex items-start gap-2">
                      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                      {notice}
                    </li>
                  ))}
                </ul>
              )}
              {onPaper && (
                <p
                  role="note"
                  className="mb-4 flex items-start gap-2 rounded-md border border-warning-fg bg-warning-soft p-3 text-sm text-warning-fg"
                >
                  <PenLine aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {PAPER_RECEITA_NOTICE}
                </p>
              )}
              {chosen.length > selected.length && (
                <p className="mb-4 text-sm text-fg-muted">{PRINT_PREVIEW_TEXT.signedApart}</p>
              )}
              <ReceitaLifePanel receitas={chosen} />
              <ReceitaSafetyWarnings receitas={selected} safety={safety} />
              <DispenseQuantityEditor prescriptions={selected} />
              {showPreview && (
                <>
                  <p role="status" className="mb-2 text-sm text-fg-muted empty:hidden">
                    {receitaPdf.current || receitaPdf.failure ? '' : RECEITA_PDF_TEXT.drawing}
                  </p>
                  {receitaPdf.failure && (
                    <div role="alert" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
                      <span className="text-danger-fg">{receitaPdf.failure}</span>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        onClick={receitaPdf.retry}
                      >
                        {RECEITA_PDF_TEXT.retry}
                      </Button>
                    </div>
                  )}
                  {receitaPdf.pdf && (
                    <div className={receitaPdf.current ? undefined : 'opacity-60'}>
                      <ReceitaPdfPages
                        pdf={receitaPdf.pdf}
                        sections={job.patients.map((group) => ({
                          heading:
                            patientCount > 1
                              ? `${group.patientName} · ${group.pages.length} ${group.pages.length === 1 ? 'página' : 'páginas'}`
                              : undefined,
                          pageCount: group.pages.length,
                        }))}
                      />
                    </div>
                  )}
                </>
              )}
            </>
          )}
          {downloadError && (
            <p role="alert" className="mt-4 text-sm text-danger-fg">
              {downloadError}
            </p>
          )}
          {issueError && (
            <p role="alert" className="mt-4 text-sm text-danger-fg">
              {issueError}
            </p>
          )}
          <SignedReceitas prescriptions={chosen} />
        </div>
      </div>

      <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-line p-4">
        {count > 0 && <ValidationAddressNotice className="w-full" />}
        <p role="status" className="w-full text-right text-sm text-warning-fg empty:hidden">
          {count > 0 ? (issuing ? PRINT_PREVIEW_TEXT.issuing : (safetyHold ?? '')) : ''}
        </p>
        {/* Always on the page, so screen readers announce what the copy did. */}
        <p
          role="status"
          className={`w-full text-right text-sm empty:hidden ${copyStatus === false ? 'text-danger-fg' : 'text-success-fg'}`}
        >
          {copyStatus === undefined
            ? ''
            : copyStatus
              ? PRINT_PREVIEW_TEXT.copied
              : PRINT_PREVIEW_TEXT.copyFailed}
        </p>
        {count > 0 && (
          <Button
            variant="ghost"
            className="mr-auto"
            aria-pressed={showPreview}
            onClick={() => setShowPreview((shown) => !shown)}
          >
            {showPreview ? (
              <EyeOff aria-hidden className="size-4" />
            ) : (
              <Eye aria-hidden className="size-4" />
            )}
            {showPreview ? PRINT_PREVIEW_TEXT.hidePreview : PRINT_PREVIEW_TEXT.showPreview}
          </Button>
        )}
        <Dialog.Close asChild>
          <Button variant="secondary">{PRINT_PREVIEW_TEXT.close}</Button>
        </Dialog.Close>
        {count > 0 && (
          <Button variant="secondary" disabled={!ready} onClick={() => void copyText()}>
            <Copy aria-hidden className="size-4" />
            {count === 1 ? PRINT_PREVIEW_TEXT.copyOne : PRINT_PREVIEW_TEXT.copyMany}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={!printable || downloading}
          onClick={() => void leave('download')}
        >
          <Download aria-hidden className="size-4" />
          {downloading ? PRINT_PREVIEW_TEXT.downloading : PRINT_PREVIEW_TEXT.download}
        </Button>
        {signable.length > 0 && (
          <Button variant="secondary" disabled={!ready} onClick={() => setSigning(signable)}>
            <PenLine aria-hidden className="size-4" />
            {`${PRINT_PREVIEW_TEXT.sign} (${signable.length})`}
          </Button>
        )}
        <Button disabled={!printable} onClick={() => void leave('print')}>
          <Printer aria-hidden className="size-4" />
          {`${onPaper ? PRINT_PREVIEW_TEXT.printToSign : PRINT_PREVIEW_TEXT.print} (${count})`}
        </Button>
      </footer>
      {signing && (
        <SigningPasswordDialog
          items={signing}
          labelOf={printChoiceLabel}
          description="Com seu certificado ICP-Brasil. A senha assina estas receitas e não é guardada."
          sign={async (prescriptions, password) => {
            try {
              const result = await signature.mutateAsync({ prescriptions, password });
              return {
                signedIds: result.signed.map((prescription) => prescription.id),
                failure:
                  result.failure === undefined
                    ? undefined
                    : isApiError(result.failure)
                      ? result.failure.message
                      : PRINT_PREVIEW_TEXT.signFailed,
              };
            } finally {
              // The mutation keeps no copy of the password once the try is over.
              signature.reset();
            }
          }}
          signWithSession={async (prescriptions, sessionId) => {
            // One authorisation, one request to the PSC: all signed, or none.
            try {
              await sessionSigning.mutateAsync({
                sessionId,
                batch: {
                  documentIds: [],
                  prescriptionIds: prescriptions.map((prescription) => prescription.id),
                },
              });
              return { signedIds: prescriptions.map((prescription) => prescription.id) };
            } catch (failure) {
              return {
                signedIds: [],
                failure: isApiError(failure) ? failure.message : PRINT_PREVIEW_TEXT.signFailed,
              };
            } finally {
              sessionSigning.reset();
            }
          }}
          onClose={() => setSigning(undefined)}
          onDone={() => setSigning(undefined)}
        />
      )}
    </DialogFrame>
  );
}

/**
 * The signed receitas among those chosen: the file as signed, and its validation address and
 * code to copy or send by WhatsApp (no attachment: the code opens it).
 */
function SignedReceitas(props: { prescriptions: readonly ReceitaPrescription[] }) {
  const signed = props.prescriptions.filter(
    (prescription) => prescription.signedAt !== undefined && prescription.validation,
  );
  const [copied, setCopied] = useState<string>();
  if (signed.length === 0) return null;
  return (
    <section
      aria-labelledby="signed-receitas-heading"
      className="mt-4 rounded-md border border-line p-3"
    >
      <h3 id="signed-receitas-heading" className="text-sm font-semibold text-fg">
        {PRINT_PREVIEW_TEXT.signedHeading}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {signed.map((prescription) => {
          const validation = prescription.validation;
          if (!validation) return null;
          const text = shareText('Receita', validation);
          return (
            <li key={prescription.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="mr-auto text-fg">{printChoiceLabel(prescription)}</span>
              <a
                href={api.url(prescriptionsApi.storedPdf, { params: { id: prescription.id } })}
                download
                className={buttonClassName('secondary', 'px-3 py-1.5')}
              >
                <FileCheck2 aria-hidden="true" size={16} /> {PRINT_PREVIEW_TEXT.downloadSigned}
              </a>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => {
                  void navigator.clipboard.writeText(text).then(
                    () => setCopied(prescription.id),
                    () => setCopied(undefined),
                  );
                }}
              >
                <Copy aria-hidden="true" size={16} />
                {copied === prescription.id
                  ? PRINT_PREVIEW_TEXT.linkCopied
                  : PRINT_PREVIEW_TEXT.copyLink}
              </Button>
              <a
                href={whatsAppLink(text)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClassName('secondary', 'px-3 py-1.5')}
              >
                <MessageCircle aria-hidden="true" size={16} /> {PRINT_PREVIEW_TEXT.whatsApp}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Ticks or unticks all of one patient's receitas at once. */
function PatientToggle(props: {
  patientName: string;
  allSelected: boolean;
  onToggle: (checked: boolean) => void;
}) {
  const label = props.allSelected ? 'Desmarcar todas' : 'Marcar todas';
  return (
    <button
      type="button"
      className="mb-1 ml-1 text-xs font-medium text-accent-fg underline-offset-2 hover:underline"
      aria-label={`${label} as receitas de ${props.patientName}`}
      onClick={() => props.onToggle(!props.allSelected)}
    >
      {label}
    </button>
  );
}
