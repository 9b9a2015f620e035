import { AlertTriangle, FileKey, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { API_ERRORS } from '@shared/api/errors';
import { formatDate } from '@shared/lib/pt-br-format';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_WARNING_DAYS,
  certificatePasswordSchema,
  daysUntilExpiry,
  type SigningCertificate,
} from '@shared/documents/signing-certificate';
import {
  useRemoveCertificate,
  useSigningCertificate,
  useUploadCertificate,
} from '../../data/signing-certificate';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { TextField } from '../../ui/text-field';
import { errorText } from '../../data/api';
import { CloudCertificatePart } from './cloud-certificate-part';

/** What the file input takes: the A1's PKCS#12 file, by either extension or its type. */
const CERTIFICATE_FILE_TYPES = '.pfx,.p12,application/x-pkcs12';

/** What renewing says after the days left. */
const RENEW_ADVICE = 'Renove-o com sua autoridade certificadora para continuar assinando.';

/**
 * The warning about the certificate's end: once it has expired, or when it expires within
 * {@link CERTIFICATE_WARNING_DAYS} days; none before.
 */
function expiryWarning(certificate: SigningCertificate, now: Date): string | undefined {
  const days = daysUntilExpiry(certificate, now);
  const date = formatDate(certificate.notAfter);
  if (days < 0) return `Seu certificado venceu em ${date}.`;
  if (days > CERTIFICATE_WARNING_DAYS) return undefined;
  const when = days === 0 ? 'vence hoje' : days === 1 ? 'vence amanhã' : `vence em ${days} dias`;
  return `Seu certificado ${when} (${date}). ${RENEW_ADVICE}`;
}

/**
 * Settings' "Certificado digital": the doctor's ICP-Brasil A1 certificate (holder, masked CPF,
 * issuer, validity, a warning as it nears its end), a form to send one or replace it, and a way
 * to remove it. The password is only ever in its field, emptied after each sending. Beside it,
 * when the server offers a PSC, the cloud certificate ({@link CloudCertificatePart}).
 */
export function SigningCertificateSection() {
  const certificate = useSigningCertificate();
  const upload = useUploadCertificate();
  const remove = useRemoveCertificate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const current = certificate.data?.certificate ?? null;
  const busy = upload.isPending || remove.isPending;

  async function send() {
    if (busy) return;
    setError(undefined);
    setNotice(undefined);
    const file = fileInput.current?.files?.[0];
    if (!file) return setError('Escolha o arquivo do certificado (.pfx ou .p12).');
    if (file.size > CERTIFICATE_MAX_BYTES) {
      return setError('O arquivo é grande demais para um certificado A1 (.pfx ou .p12).');
    }
    const typed = certificatePasswordSchema.safeParse(password);
    if (!typed.success) return setError(typed.error.issues[0]?.message);
    const replacing = current !== null;
    // Sent once: the field is emptied whatever the answer, and typed again for another try.
    setPassword('');
    try {
      await upload.mutateAsync({ file, password: typed.data });
      if (fileInput.current) fileInput.current.value = '';
      setNotice(replacing ? 'Certificado digital substituído.' : 'Certificado digital enviado.');
    } catch (failure) {
      setError(errorText(failure, API_ERRORS.unreachable.message));
    } finally {
      // The mutation held the password as its variable: dropped now (it has `gcTime: 0`).
      upload.reset();
    }
  }

  function confirmRemove() {
    if (busy) return;
    setError(undefined);
    setNotice(undefined);
    remove.mutate(undefined, {
      onSuccess: () => setNotice('Certificado digital removido.'),
      onError: (failure) => setError(errorText(failure, API_ERRORS.unreachable.message)),
    });
  }

  return (
    <section
      aria-labelledby="signing-certificate-title"
      className="mx-auto w-full max-w-5xl px-6 pb-8"
    >
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5">
        <h2 id="signing-certificate-title" className="text-base font-semibold text-fg">
          Certificado digital
        </h2>
        <p className="text-sm text-fg-muted">
          O certificado ICP-Brasil com que você assina digitalmente seus documentos.
        </p>

        {certificate.isPending && <p className="text-sm text-fg-muted">Carregando...</p>}
        {certificate.isError && (
          <p role="alert" className="text-sm text-danger-fg">
            Não foi possível carregar o certificado: {certificate.error.message}
          </p>
        )}
        {certificate.isSuccess && current === null && (
          <p className="text-sm font-medium text-fg">
            Nenhum certificado enviado. Sem ele, você não consegue assinar documentos.
          </p>
        )}
        {current && (
          <CurrentCertificate certificate={current} busy={busy} onRemove={confirmRemove} />
        )}

        {!certificate.isPending && (
          <form
            noValidate
            aria-label={current ? 'Substituir certificado' : 'Enviar certificado'}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
            className="flex max-w-md flex-col gap-3"
          >
            {/* A file input is not a controlled one: emptied through its ref once sent. */}
            <Field label="Arquivo do certificado (.pfx ou .p12)">
              {(control) => (
                <input
                  ref={fileInput}
                  className={`${CONTROL_CLASSES} text-sm`}
                  {...control}
                  name="certificate"
                  type="file"
                  accept={CERTIFICATE_FILE_TYPES}
                />
              )}
            </Field>
            <TextField
              label="Senha do certificado"
              name="password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              hint="Use seu certificado ICP-Brasil A1 (e-CPF). Ele fica guardado cifrado com a senha, que nunca é gravada: você a digita a cada assinatura."
            />
            <div>
              <Button type="submit" aria-disabled={busy}>
                <Upload aria-hidden="true" size={18} />
                {upload.isPending
                  ? 'Enviando...'
                  : current
                    ? 'Substituir certificado'
                    : 'Enviar certificado'}
              </Button>
            </div>
          </form>
        )}

        {error && (
          <p role="alert" className="text-sm text-danger-fg">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="text-sm text-fg">
            {notice}
          </p>
        )}

        <CloudCertificatePart />
      </div>
    </section>
  );
}

function CurrentCertificate(props: {
  certificate: SigningCertificate;
  busy: boolean;
  onRemove: () => void;
}) {
  const { certificate } = props;
  const warning = expiryWarning(certificate, new Date());
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Certificado enviado">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-fg-muted">Titular</dt>
          <dd className="flex items-center gap-1 font-medium text-fg">
            <FileKey aria-hidden="true" size={16} /> {certificate.holder}
          </dd>
          <dt className="text-fg-muted">CPF</dt>
          <dd className="text-fg">{certificate.cpf}</dd>
          <dt className="text-fg-muted">Emitido por</dt>
          <dd className="text-fg">{certificate.issuer}</dd>
          <dt className="text-fg-muted">Válido até</dt>
          <dd className="text-fg">{formatDate(certificate.notAfter)}</dd>
        </dl>
      </div>
      {warning && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md border border-warning-fg bg-warning-soft p-3 text-sm text-warning-fg"
        >
          <AlertTriangle aria-hidden="true" size={18} className="shrink-0" />
          {warning}
        </p>
      )}
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="danger" aria-disabled={props.busy}>
              <Trash2 aria-hidden="true" size={18} /> Remover certificado
            </Button>
          }
          title="Remover certificado digital"
          question="Remover o certificado digital? Você precisará enviá-lo de novo para assinar documentos."
          confirmLabel="Remover"
          onConfirm={props.onRemove}
        />
      </div>
    </div>
  );
}
