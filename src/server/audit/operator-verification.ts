import path from 'node:path';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import { AUDIT_ANCHORS_FILE, readAuditAnchors } from './audit-anchors';
import { readAuditKey } from './audit-key';
import { createAuditLog, type AuditProblem, type AuditVerification } from './audit-log';

/** What `npm run audit:verify` found, before it is put in words. */
export type OperatorVerification =
  | { kind: 'no-key' }
  | {
      kind: 'checked';
      result: AuditVerification;
      /** Lines of the anchors file that are not an anchor (numbered from 1). */
      unreadableAnchorLines: number[];
      /** Whether some anchor was written under another key than the one loaded. */
      otherKey: boolean;
    };

/**
 * Verifies the whole audit chain of this configuration's database as the operator does: with the
 * key of this configuration (never created here) and the anchors in its DATA_DIR.
 * @param config - DATA_DIR and AUDIT_KEY as the server is run with them
 */
export async function verifyAuditTrail(
  db: AppDatabase,
  config: Pick<Config, 'dataDir' | 'auditKey'>,
): Promise<OperatorVerification> {
  const key = await readAuditKey(config);
  if (!key) return { kind: 'no-key' };
  const { anchors, unreadableLines } = await readAuditAnchors(
    path.join(config.dataDir, AUDIT_ANCHORS_FILE),
  );
  return {
    kind: 'checked',
    result: await createAuditLog(db, key).verify(anchors),
    unreadableAnchorLines: unreadableLines,
    otherKey: anchors.some((anchor) => anchor.keyId !== key.id),
  };
}

const PROBLEMS: Record<AuditProblem, string> = {
  missing: 'a entrada anterior foi apagada',
  unlinked: 'a entrada não aponta para a anterior, que foi trocada',
  unkeyed:
    'a entrada traz um hash sem chave onde a cadeia já é chaveada: foi reescrita por quem não ' +
    'tem a chave',
  altered:
    'os campos da entrada não conferem com o seu HMAC: ela foi alterada, ou reescrita sem a chave',
  diverged:
    'o hash da entrada não é o anotado na âncora fora do banco: o fim da cadeia foi apagado e ' +
    'escrito de novo',
  truncated:
    'a cadeia termina antes da última posição ancorada fora do banco: as últimas entradas ' +
    'foram apagadas',
};

/**
 * The operator's report, in Portuguese: whether the chain holds and, when not, the first bad
 * position and why.
 */
export function describeAuditVerification(verification: OperatorVerification): {
  ok: boolean;
  lines: string[];
} {
  if (verification.kind === 'no-key') {
    return {
      ok: false,
      lines: [
        'Chave da trilha de auditoria não encontrada: defina AUDIT_KEY ou rode com a DATA_DIR ' +
          'do servidor, onde fica o arquivo audit-key. Sem a chave, a cadeia não pode ser ' +
          'verificada.',
      ],
    };
  }
  const { result } = verification;
  const lines: string[] = [];
  if (verification.unreadableAnchorLines.length > 0) {
    lines.push(
      `Aviso: linhas ilegíveis no arquivo de âncoras (${verification.unreadableAnchorLines.join(', ')}); ` +
        'foram ignoradas.',
    );
  }
  if (verification.otherKey) {
    lines.push(
      'Aviso: há âncoras gravadas com outra chave de auditoria; confira se esta é a chave do ' +
        'servidor (AUDIT_KEY ou DATA_DIR/audit-key).',
    );
  }
  if (!result.ok) {
    const { position, reason } = result.brokenAt;
    lines.push(
      `Cadeia de auditoria QUEBRADA na posição ${position}: ${PROBLEMS[reason]} (${reason}). ` +
        `${result.entries} entradas íntegras antes dela.`,
    );
    return { ok: false, lines };
  }
  lines.push(`Cadeia de auditoria íntegra: ${result.entries} entradas.`);
  if (result.head) {
    lines.push(`Cabeça: posição ${result.head.position}, hash ${result.head.hash}`);
  }
  lines.push(
    result.anchors > 0
      ? `Conferida com ${result.anchors} âncoras fora do banco.`
      : 'Aviso: nenhuma âncora encontrada nesta DATA_DIR: um fim de cadeia apagado não seria ' +
          'percebido.',
  );
  return { ok: true, lines };
}
