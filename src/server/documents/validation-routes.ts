import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { DOCUMENT_TITLES } from '../../shared/clinical-document';
import { formatCrm } from '../../shared/doctor-settings';
import { documentText } from '../../shared/document-text';
import { markup, render, type Content } from '../../shared/html-markup';
import { formatDate, formatDateTime } from '../../shared/pt-br-format';
import type { AppDatabase } from '../db/database';
import type { ClinicalDocumentRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { notFound, unauthorized } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from '../http/security';
import type { AuditLog } from '../audit/audit-log';
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

/** A route's `:publicId`, or undefined for one no document could have. */
const publicIdOf = (param: string) => (/^[\w-]{22}$/.test(param) ? param : undefined);

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
 * `/validar/:publicId`: where an issued document's QR code leads (issue 20). The ITI's VALIDAR
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
}): Hono<AppEnv> {
  const documents = createDocumentRepository(deps.db);
  /**
   * Records that the document was handed over with its code, before it leaves (as every access to
   * patient data: audit/audit-trail.ts); a wrong code hands nothing over and is not recorded.
   * @throws the audit's 503 when the entry cannot be written: then nothing is served
   */
  const recordDisclosure = async (c: Context<AppEnv>, row: ClinicalDocumentRow) => {
    try {
      await deps.auditLog.append({
        occurredAt: new Date(),
        userId: row.userId,
        action: 'validate',
        entityType: 'document',
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
  const pdfUrlOf = (c: Context<AppEnv>, row: ClinicalDocumentRow, code: string) =>
    `${validationUrlOf(originOf(c), row.publicId ?? '')}/documento.pdf?_secretCode=${encodeURIComponent(code)}`;

  routes.get('/:publicId', async (c) => {
    const publicId = publicIdOf(c.req.param('publicId'));
    const row = publicId === undefined ? undefined : await documents.findIssued(publicId);
    const typed = c.req.query('_secretCode');
    const headers = { 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store' };
    if (c.req.query('_format') === ITI_FORMAT) {
      if (!row?.secretCode) throw notFound(UNKNOWN_DOCUMENT);
      if (!codeMatches(typed, row.secretCode)) throw unauthorized(WRONG_CODE);
      await recordDisclosure(c, row);
      c.header('Cache-Control', 'no-store');
      return c.json({
        version: '1.0.0',
        prescription: { signatureFiles: [{ url: pdfUrlOf(c, row, row.secretCode) }] },
      });
    }
    if (!row?.secretCode || !row.issue) {
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
    const { issue } = row;
    const status =
      row.status === 'cancelado'
        ? markup`<p class="status cancelled">Cancelado em ${formatDate(row.cancelledAt ?? issue.at)}: ${row.cancelReason ?? ''}</p>`
        : markup`<p class="status valid">Documento válido, emitido em ${formatDateTime(issue.at)}${row.status === 'assinado' ? ' e assinado digitalmente' : ''}.</p>`;
    const text = documentText(documentBodyOf(row), issue);
    return c.html(
      page(
        DOCUMENT_TITLES[row.kind],
        markup`<h1>${DOCUMENT_TITLES[row.kind]}</h1>
${status}
<dl><dt>Médico</dt><dd>${issue.doctor.name} — ${formatCrm(issue.doctor)}</dd>
<dt>Paciente</dt><dd>${issue.patient.name}</dd>
<dt>Emissão</dt><dd>${formatDateTime(issue.at)}</dd></dl>
${text.paragraphs.map((paragraph) => markup`<p>${paragraph}</p>\n`)}
<p><a href="${pdfUrlOf(c, row, row.secretCode)}">Baixar o PDF</a></p>`,
      ),
      200,
      headers,
    );
  });

  routes.get('/:publicId/documento.pdf', async (c) => {
    const publicId = publicIdOf(c.req.param('publicId'));
    const row = publicId === undefined ? undefined : await documents.findIssued(publicId);
    if (!row?.secretCode || !row.issue) throw notFound(UNKNOWN_DOCUMENT);
    if (!codeMatches(c.req.query('_secretCode'), row.secretCode)) throw unauthorized(WRONG_CODE);
    await recordDisclosure(c, row);
    const pdf = await currentDocumentPdf(
      row,
      row.issue,
      validationUrlOf(originOf(c), row.publicId ?? ''),
      (id) => documents.signedPdf(row.userId, id),
    );
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${row.kind}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
