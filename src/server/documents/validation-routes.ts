import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { DOCUMENT_TITLES } from '@shared/documents/clinical-document';
import { formatCrm } from '@shared/account/doctor-settings';
import { documentText } from '@shared/documents/document-text';
import { markup, render, type Content } from '@shared/lib/html-markup';
import { formatDate, formatDateTime } from '@shared/lib/pt-br-format';
import type { AppDatabase } from '../db/database';
import type { ClinicalDocumentRow, PrescriptionRow } from '../db/schema';
import { createReceitaPrinter } from '../prescriptions/printing';
import { createPrescriptionRepository } from '../prescriptions/repository';
import { createSettingsRepository } from '../settings/repository';
import type { AppEnv } from '../http/app-env';
import { notFound, unauthorized } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from '../http/security';
import type { AuditLog } from '../audit/audit-log';
import type { HeavyWork, RunHeavyJob } from '../workers/heavy-work';
import { auditedAddressOf, auditUnavailable } from '../audit/audit-trail';
import { trimmedUserAgent } from '../audit/audited-request';
import { currentDocumentPdf, documentBodyOf, validationBaseOf, validationUrlOf } from './presenter';
import { createDocumentRepository } from './repository';

/** What the ITI's VALIDAR sends to ask for the signed file (its developer guide). */
export const ITI_FORMAT = 'application/validador-iti+json';
/** Checks per client address and minute: a person types a code a few times, never hundreds. */
export const VALIDATION_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;

const UNKNOWN_DOCUMENT = 'Documento não encontrado.';
const WRONG_CODE = 'Código de validação incorreto.';

/** An issued document or receita as its validation page shows it, once the code is given. */
interface Validatable {
  entityType: 'document' | 'prescription';
  id: string;
  userId: string;
  publicId: string;
  secretCode: string;
  title: string;
  fileName: string;
  /** Valid (and signed), or cancelled with when and why. */
  status: Content;
  details: Content;
  /** Its PDF as it stands, signed or rendered. */
  pdf: (validationBase: string, runJob: RunHeavyJob) => Promise<Uint8Array<ArrayBuffer>>;
}

/** A route's `:publicId`, or undefined for one no document could have. */
const publicIdOf = (param: string) => (/^[\w-]{22}$/.test(param) ? param : undefined);

/**
 * Whether a request's `_format` asks for VALIDAR's JSON. The guide writes the value with a literal
 * `+`, which a query string reads as a space; `%2B` and any case are the same request too.
 */
export function asksForItiFormat(format: string | undefined): boolean {
  return format?.trim().replaceAll(' ', '+').toLowerCase() === ITI_FORMAT;
}

/** Whether `typed` is the document's code, in a time that does not tell how much of it matched. */
function codeMatches(typed: string | undefined, secretCode: string): boolean {
  if (typed === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest();
  return timingSafeEqual(digest(typed), digest(secretCode));
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1f;line-height:1.5}
h1{font-size:1.4rem}.status{padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
.valid{background:#e7f6ec;color:#14532d}.cancelled{background:#fdecec;color:#7f1d1d}
.error{color:#7f1d1d;font-weight:600}dt{font-weight:600}dd{margin:0 0 .5rem}
label{display:block;font-weight:600;margin-bottom:.25rem}input{font-size:1.1rem;padding:.4rem;letter-spacing:.1em}
button{font-size:1rem;padding:.45rem 1rem;margin-left:.5rem}`;

/** No script at all; the page's one <style> allowed by its hash; forms only to itself. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: Content): string {
  return render(markup`<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} — Prontu</title><style>${PAGE_STYLE}</style></head>
<body>
${body}
</body>
</html>
`);
}

/** The form that asks for the code printed under the QR code. */
function codeForm(error: string | undefined): Content {
  return markup`<h1>Validação de documento médico</h1>
<p>Digite o código de validação impresso abaixo do QR code do documento.</p>
${error ? markup`<p class="error" role="alert">${error}</p>` : ''}
<form method="get"><label for="secret-code">Código de validação</label>
<input id="secret-code" name="_secretCode" autocomplete="off" autocapitalize="characters" required maxlength="64" autofocus>
<button type="submit">Validar</button></form>`;
}

/**
 * `/validar/:publicId`: where an issued document's QR code leads (docs/documentos.md). The ITI's VALIDAR
 * asks for it with `_format=application/validador-iti+json&_secretCode=…` and gets the address
 * of the PDF (401 for a wrong code, 404 for an unknown document); a browser gets a page that
 * asks for the code and then shows the document and whether it is still valid. Nothing about
 * the patient is answered without the code. Rate-limited per client address (the
 * `clientAddress` middleware must run before it).
 */
export function validationRoutes(deps: {
  db: AppDatabase;
  publicOrigin: string | undefined;
  auditLog: AuditLog;
  trustProxy: boolean;
  heavyWork: HeavyWork;
}): Hono<AppEnv> {
  const documents = createDocumentRepository(deps.db);
  const prescriptions = createPrescriptionRepository(deps.db);
  const receitas = createReceitaPrinter(deps.db);
  const settings = createSettingsRepository(deps.db);
  /**
   * Records that the document was handed over with its code, before it leaves (as every access to
   * patient data: audit/audit-trail.ts); a wrong code hands nothing over and is not recorded.
   * @throws the audit's 503 when the entry cannot be written: then nothing is served
   */
  const recordDisclosure = async (c: Context<AppEnv>, row: Validatable) => {
    try {
      await deps.auditLog.append({
        occurredAt: new Date(),
        userId: row.userId,
        action: 'validate',
        entityType: row.entityType,
        entityId: row.id,
        listedIds: [],
        ipAddress: auditedAddressOf(c, deps.trustProxy),
        userAgent: trimmedUserAgent(c.req.header('user-agent')),
        status: 200,
      });
    } catch (error) {
      // Ids only: the error's own text may repeat the query's parameters.
      c.get('log').error(
        {
          audit: { userId: row.userId, action: 'validate', entityId: row.id },
          err: error instanceof Error ? { name: error.name } : undefined,
        },
        'audit entry not written',
      );
      throw auditUnavailable();
    }
  };
  const routes = new Hono<AppEnv>();
  routes.use(
    '*',
    rateLimit({
      db: deps.db,
      name: 'validation',
      ...VALIDATION_RATE_LIMIT,
      keyOf: (c) => c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
      message: 'Muitas tentativas de validação. Aguarde um minuto e tente novamente.',
    }),
  );

  const originOf = (c: Context<AppEnv>) => validationBaseOf(deps.publicOrigin, c.req.url);
  const pdfUrlOf = (c: Context<AppEnv>, row: Validatable) =>
    `${validationUrlOf(originOf(c), row.publicId)}/documento.pdf?_secretCode=${encodeURIComponent(row.secretCode)}`;

  /** The issued document or receita at a public address, as this page shows it. */
  const validatableAt = async (param: string): Promise<Validatable | undefined> => {
    const publicId = publicIdOf(param);
    if (publicId === undefined) return undefined;
    const document = await documents.findIssued(publicId);
    if (document) return documentValidatable(document, publicId);
    const receita = await prescriptions.findIssued(publicId);
    return receita ? receitaValidatable(receita, publicId) : undefined;
  };

  const documentValidatable = (
    row: ClinicalDocumentRow,
    publicId: string,
  ): Validatable | undefined => {
    const { issue, secretCode } = row;
    if (!issue || !secretCode) return undefined;
    const text = documentText(documentBodyOf(row), issue);
    return {
      entityType: 'document',
      id: row.id,
      userId: row.userId,
      publicId,
      secretCode,
      title: DOCUMENT_TITLES[row.kind],
      fileName: `${row.kind}.pdf`,
      status:
        row.status === 'cancelado'
          ? markup`<p class="status cancelled">Cancelado em ${formatDate(row.cancelledAt ?? issue.at)}: ${row.cancelReason ?? ''}</p>`
          : markup`<p class="status valid">Documento válido, emitido em ${formatDateTime(issue.at)}${row.status === 'assinado' ? ' e assinado digitalmente' : ''}.</p>`,
      details: markup`<dl><dt>Médico</dt><dd>${issue.doctor.name} — ${formatCrm(issue.doctor)}</dd>
<dt>Paciente</dt><dd>${issue.patient.name}</dd>
<dt>Emissão</dt><dd>${formatDateTime(issue.at)}</dd></dl>
${text.paragraphs.map((paragraph) => markup`<p>${paragraph}</p>\n`)}`,
      pdf: (origin, runJob) =>
        currentDocumentPdf(
          row,
          issue,
          validationUrlOf(origin, publicId),
          (id) => documents.signedPdf(row.userId, id),
          runJob,
        ),
    };
  };

  const receitaValidatable = async (
    row: PrescriptionRow,
    publicId: string,
  ): Promise<Validatable | undefined> => {
    const { secretCode } = row;
    if (!row.isFinalized || !secretCode) return undefined;
    const profile = await settings.profile(row.userId);
    const { content } = row;
    // A signed receita is dated by its signature, as its PDF prints it.
    const date = row.signedAt === null ? content.date : row.signedAt.toISOString();
    return {
      entityType: 'prescription',
      id: row.id,
      userId: row.userId,
      publicId,
      secretCode,
      title: 'Receita',
      fileName: 'receita.pdf',
      status:
        row.cancelledAt !== null
          ? markup`<p class="status cancelled">Cancelada em ${formatDate(row.cancelledAt.toISOString())}: ${row.cancelReason ?? ''}</p>`
          : markup`<p class="status valid">Receita válida, de ${formatDate(date)}${row.signedAt === null ? '' : ' e assinada digitalmente'}.</p>`,
      details: markup`<dl><dt>Médico</dt><dd>${content.doctorName || profile.name} — ${content.doctorCRM || formatCrm(profile)}</dd>
<dt>Paciente</dt><dd>${content.patientName}</dd>
<dt>Data</dt><dd>${formatDate(date)}</dd></dl>
<ul>${content.medications.map((medication) => markup`<li>${[medication.name, medication.dosage].filter(Boolean).join(' ')}</li>`)}</ul>`,
      pdf: async (origin, runJob) => (await receitas.currentPdf(row, origin, runJob)).bytes,
    };
  };

  routes.get('/:publicId', async (c) => {
    const row = await validatableAt(c.req.param('publicId'));
    const typed = c.req.query('_secretCode');
    const headers = { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' };
    if (asksForItiFormat(c.req.query('_format'))) {
      if (!row) throw notFound(UNKNOWN_DOCUMENT);
      if (!codeMatches(typed, row.secretCode)) throw unauthorized(WRONG_CODE);
      await recordDisclosure(c, row);
      c.header('Cache-Control', 'no-store');
      return c.json({
        version: '1.0.0',
        prescription: { signatureFiles: [{ url: pdfUrlOf(c, row) }] },
      });
    }
    if (!row) {
      return c.html(
        page(
          'Documento não encontrado',
          markup`<h1>Documento não encontrado</h1>
<p>Confira o endereço do QR code. Um documento só pode ser validado depois de emitido.</p>`,
        ),
        404,
        headers,
      );
    }
    if (typed === undefined) return c.html(page('Validação', codeForm(undefined)), 200, headers);
    if (!codeMatches(typed, row.secretCode)) {
      return c.html(page('Validação', codeForm(WRONG_CODE)), 401, headers);
    }
    await recordDisclosure(c, row);
    return c.html(
      page(
        row.title,
        markup`<h1>${row.title}</h1>
${row.status}
${row.details}
<p><a href="${pdfUrlOf(c, row)}">Baixar o PDF</a></p>`,
      ),
      200,
      headers,
    );
  });

  routes.get('/:publicId/documento.pdf', async (c) => {
    const row = await validatableAt(c.req.param('publicId'));
    if (!row) throw notFound(UNKNOWN_DOCUMENT);
    if (!codeMatches(c.req.query('_secretCode'), row.secretCode)) throw unauthorized(WRONG_CODE);
    await recordDisclosure(c, row);
    // A visitor's share of the workers is by address, as the page's rate limit is.
    const visitor = `validar ${c.req.header(CLIENT_IP_HEADER) ?? 'unknown'}`;
    const pdf = await row.pdf(originOf(c), deps.heavyWork.runFor(visitor));
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${row.fileName}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
