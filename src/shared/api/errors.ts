/**
 * The API's one error vocabulary (docs/architecture.md, "Erros"; docs/erros.md). Every
 * error answer of `/api` is `{ success: false, code, error }`: `code` is one of these stable ids,
 * which clients branch on; `error` is the Portuguese sentence shown to the doctor — the
 * catalogue's text, or a more precise one for the case (which field is invalid, which receita was
 * not found). A code always answers with its status here (`server/http/errors.ts` takes it from
 * the catalogue). Two codes are never sent by the server: the typed client gives them to a
 * request that got no answer (`unreachable`) or an answer of a shape it does not know
 * (`unexpected_answer`).
 *
 * Better Auth's routes under `/api/auth` keep their own upper-case codes (`INVALID_EMAIL_OR_PASSWORD`,
 * see `account.ts`), which its client reads; they too answer `{ success: false, code, error }`.
 */

interface ApiErrorEntry {
  /** The HTTP status the server answers with; 0 for the client's own codes. */
  status: number;
  /** The default Portuguese text. */
  message: string;
}

export const API_ERRORS = {
  // --- the request itself is wrong (400, 413, 415) ---
  validation: {
    status: 400,
    message: 'Dados inválidos. Verifique as informações e tente novamente.',
  },
  invalid_json: { status: 400, message: 'O corpo da requisição não é um JSON válido.' },
  invalid_text: { status: 400, message: 'Texto com caractere inválido.' },
  too_deep: { status: 400, message: 'Dados aninhados em profundidade demais.' },
  too_large: { status: 400, message: 'Dados com itens demais.' },
  invalid_if_match: {
    status: 400,
    message: 'Cabeçalho If-Match inválido: envie a versão lida.',
  },
  invalid_audio: { status: 400, message: 'Invalid audio file' },
  certificate_invalid: {
    status: 400,
    message: 'O arquivo não é um certificado digital A1 (.pfx ou .p12) que possamos ler.',
  },
  certificate_password: { status: 400, message: 'Senha do certificado incorreta.' },
  certificate_expired: { status: 400, message: 'Este certificado digital está vencido.' },
  patient_document_required: {
    status: 400,
    message:
      'Esta receita exige o CPF do paciente (ou o passaporte, se estrangeiro): cadastre-o na ficha do paciente (RDC 1.000/2025).',
  },
  certificate_not_signing: {
    status: 400,
    message: 'Este certificado não pode ser usado para assinar documentos.',
  },
  certificate_not_icp_brasil: {
    status: 400,
    message:
      'Este certificado não é um e-CPF ICP-Brasil: não traz o CPF do titular. Use o certificado A1 de pessoa física.',
  },
  certificate_mismatch: {
    status: 400,
    message: 'Este certificado não é seu: o titular e o CPF não conferem com as Configurações.',
  },
  /** Cloud certificates (docs/assinatura-nuvem.md): the PSC has no certificate for her CPF. */
  psc_holder_not_found: {
    status: 400,
    message: 'Nenhum certificado em nuvem encontrado para este CPF neste provedor.',
  },
  /** The one-time code or the push was refused by the holder or the PSC. */
  psc_refused: {
    status: 400,
    message: 'A autorização foi recusada pelo provedor do certificado em nuvem.',
  },
  /** The PSC's token (the signing session) ran out. */
  psc_expired: {
    status: 400,
    message: 'A autorização do certificado em nuvem expirou. Autorize novamente.',
  },
  payload_too_large: { status: 413, message: 'Requisição grande demais.' },
  audio_too_large: { status: 413, message: 'Arquivo muito grande. Máximo 25MB permitido.' },
  unsupported_media_type: { status: 415, message: 'Tipo de conteúdo não suportado.' },

  // --- who is asking (401, 403) ---
  unauthorized: {
    status: 401,
    message: 'Sessão expirada ou inexistente. Faça login para continuar.',
  },
  forbidden: { status: 403, message: 'Acesso não permitido.' },

  // --- what is asked for (404, 409) ---
  not_found: { status: 404, message: 'Não encontrado.' },
  record_changed: {
    status: 409,
    message:
      'Este prontuário foi alterado em outra janela ou dispositivo. Escolha qual versão manter.',
  },
  record_finalized: {
    status: 409,
    message:
      'Este prontuário foi finalizado e não pode ser alterado. Registre a correção como adendo.',
  },
  record_not_finalized: {
    status: 409,
    message:
      'Este prontuário ainda está em andamento: edite-o diretamente. Adendos são para prontuários finalizados.',
  },
  prescription_changed: {
    status: 409,
    message:
      'Esta receita foi alterada em outra aba ou dispositivo. Confira a versão atual antes de continuar.',
  },
  prescription_finalized: { status: 409, message: 'Esta receita já foi finalizada.' },
  prescription_draft: {
    status: 409,
    message: 'Esta receita ainda não foi finalizada: para descartá-la, exclua-a.',
  },
  prescription_cancelled: { status: 409, message: 'Esta receita foi cancelada.' },
  prescription_signed: { status: 409, message: 'Esta receita já está assinada.' },
  prescription_exists: {
    status: 409,
    message: 'Esta consulta já tem uma receita em andamento: ela foi aberta no lugar de uma nova.',
  },
  safety_reason_required: {
    status: 409,
    message:
      'A receita tem aviso de segurança grave ou contraindicado sem justificativa: escreva a justificativa antes de emitir ou assinar.',
  },
  batch_changed: {
    status: 409,
    message:
      'Este lote foi alterado em outra aba ou dispositivo. Confira a versão atual antes de continuar.',
  },
  batch_finalized: { status: 409, message: 'Este lote já foi finalizado.' },
  already_in_batch: { status: 409, message: 'Esta receita já está no lote.' },
  patient_changed: {
    status: 409,
    message:
      'Este paciente foi alterado em outra aba ou dispositivo. Confira os dados atuais antes de continuar.',
  },
  patient_duplicate: {
    status: 409,
    message: 'Já existe um paciente seu com este CPF ou CNS.',
  },
  sncr_required: {
    status: 409,
    message:
      'Receitas de controle especial e de antimicrobianos em meio eletrônico só valem com numeração do SNCR (RDC 1.000/2025). Imprima e assine à mão.',
  },
  ai_refused: {
    status: 409,
    message:
      'Paciente recusou o uso de IA (CFM 2.454/2026): esta consulta é registrada à mão, sem IA.',
  },
  ai_disabled: {
    status: 409,
    message: 'A IA está desligada nas suas Configurações: ligue-a para usar este recurso.',
  },
  retention_required: {
    status: 409,
    message:
      'O prontuário deste paciente deve ser guardado por 20 anos a partir do último registro (Lei 13.787/2018): nada foi apagado.',
  },
  document_changed: {
    status: 409,
    message:
      'Este documento foi alterado em outra aba ou dispositivo. Confira a versão atual antes de continuar.',
  },
  document_issued: {
    status: 409,
    message:
      'Este documento já foi emitido e não muda mais. Para corrigi-lo, emita um novo e cancele este.',
  },
  document_draft: {
    status: 409,
    message: 'Este documento ainda é um rascunho: para descartá-lo, exclua-o.',
  },
  document_cancelled: { status: 409, message: 'Este documento foi cancelado.' },
  document_signed: { status: 409, message: 'Este documento já está assinado.' },
  certificate_missing: {
    status: 409,
    message: 'Cadastre seu certificado digital em Configurações para assinar documentos.',
  },
  issuer_incomplete: {
    status: 409,
    message: 'Complete seus dados nas Configurações antes de emitir documentos.',
  },
  settings_changed: {
    status: 409,
    message:
      'As configurações foram alteradas em outra aba ou dispositivo. Carregamos as atuais: confira antes de salvar de novo.',
  },

  // --- too much, too often (429) ---
  rate_limited: {
    status: 429,
    message: 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  },
  /** The doctor's earlier requests still hold their share of the CPU (`http/cpu-work.ts`). */
  busy: {
    status: 429,
    message:
      'Ainda estamos processando seus pedidos anteriores. Aguarde alguns segundos e tente novamente.',
  },

  // --- the server or what it depends on (5xx). Every provider_* failure is 502: the service
  // behind us failed, whatever the reason; the code says the reason. ---
  internal: {
    status: 500,
    message: 'Erro interno do servidor. Tente novamente em alguns instantes.',
  },
  provider_failed: {
    status: 502,
    message:
      'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
  },
  provider_auth: {
    status: 502,
    message: 'Erro de configuração: Chave da API não configurada ou inválida.',
  },
  provider_quota: {
    status: 502,
    message: 'Limite de uso da API excedido. Tente novamente mais tarde.',
  },
  provider_rate_limited: {
    status: 502,
    message: 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  },
  provider_unreachable: {
    status: 502,
    message: 'Erro de conexão com o serviço de IA. Tente novamente.',
  },
  provider_unsupported_format: {
    status: 502,
    message:
      'Formato de arquivo não suportado. Grave novamente em outro formato (wav, mp3, m4a ou webm).',
  },
  /** The PSC did not answer, timed out or answered something unreadable: nothing was signed. */
  psc_unavailable: {
    status: 502,
    message: 'O provedor do certificado em nuvem não respondeu. Tente novamente em instantes.',
  },
  transcription_unconfigured: {
    status: 503,
    message: 'Transcrição indisponível: nenhum serviço de transcrição configurado.',
  },
  database_unavailable: {
    status: 503,
    message:
      'O banco de dados está fora do ar no momento. Seus dados não foram perdidos: tente novamente em alguns segundos.',
  },
  /** Every worker thread is taken and the queue is full (`server/workers/heavy-work.ts`). */
  server_busy: {
    status: 503,
    message:
      'O servidor está ocupado gerando outros arquivos. Aguarde alguns segundos e tente novamente.',
  },
  /** A PDF or a certificate that would hold a worker thread longer than its time limit. */
  work_timeout: {
    status: 503,
    message:
      'Este arquivo levou tempo demais para ser processado e foi interrompido para não atrasar os outros atendimentos.',
  },
  audit_unavailable: {
    status: 503,
    message:
      'Não foi possível registrar o acesso na trilha de auditoria. Tente novamente em alguns segundos.',
  },

  // --- the client's own (never sent by the server) ---
  unreachable: {
    status: 0,
    message: 'Erro de conexão. Verifique sua internet e tente novamente.',
  },
  unexpected_answer: { status: 0, message: 'Resposta inesperada do servidor.' },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

/** Whether a value is one of the catalogue's codes. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The error answer's body: what every `/api` route but Better Auth's sends on failure. */
export interface ApiErrorBody {
  success: false;
  code: ApiErrorCode;
  error: string;
}

/**
 * Whether a failure says nothing about the request itself — no answer, the server or the
 * database down, too busy, too many requests now — so the same request may succeed later: an
 * edit kept on the device is sent again, never dropped.
 * @param code - the failure's code
 */
export function isRetryableError(code: ApiErrorCode): boolean {
  return (
    code === 'unreachable' ||
    code === 'internal' ||
    code === 'database_unavailable' ||
    code === 'audit_unavailable' ||
    code === 'busy' ||
    code === 'server_busy' ||
    code === 'rate_limited' ||
    code === 'provider_rate_limited' ||
    code === 'provider_unreachable'
  );
}
