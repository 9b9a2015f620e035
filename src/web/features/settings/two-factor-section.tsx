import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { renderSVG } from 'uqr';
import { ACCOUNT_ERRORS, GENERIC_ACCOUNT_ERROR } from '@shared/account/account';
import {
  groupTotpSecret,
  recoveryCodesFileText,
  totpCodeSchema,
  totpSecretOf,
} from '@shared/account/two-factor';
import { API_ERRORS } from '@shared/api/errors';
import { useTwoFactorSettings } from '../../data/account';
import { authClient } from '../../data/auth-client';
import { Button } from '../../ui/button';
import { downloadFile } from '../../ui/download-file';
import { TextField } from '../../ui/text-field';

/** Where the doctor is in turning two-factor on or off. */
type Step =
  | { name: 'idle' }
  | { name: 'enable-password' }
  | { name: 'scan'; totpUri: string; recoveryCodes: string[] }
  | { name: 'recovery-codes'; recoveryCodes: string[] }
  | { name: 'disable-password' };

interface AuthAnswerError {
  code?: string | undefined;
  message?: string | undefined;
}

/** A text field's value by name ('' when absent). */
function fieldText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function messageOf(error: AuthAnswerError): string {
  const known = error.code ? ACCOUNT_ERRORS[error.code] : undefined;
  return known?.message ?? error.message ?? GENERIC_ACCOUNT_ERROR;
}

/**
 * "Verificação em duas etapas" in Settings: enrol an authenticator app (password → QR code →
 * first code → recovery codes shown once), or turn it off with the password.
 */
export function TwoFactorSection() {
  const session = authClient.useSession();
  const user = session.data?.user;
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const twoFactor = useTwoFactorSettings();
  const busy =
    twoFactor.enable.isPending || twoFactor.confirm.isPending || twoFactor.disable.isPending;

  if (!user) return null;
  const enabled = user.twoFactorEnabled === true;

  /** Runs one accounts call, showing its Portuguese error; returns whether it succeeded. */
  async function run<T>(
    call: () => Promise<{ data: T | null; error: AuthAnswerError | null }>,
  ): Promise<T | undefined> {
    setError(undefined);
    setNotice(undefined);
    try {
      const { data, error: answerError } = await call();
      if (answerError) {
        setError(messageOf(answerError));
        return undefined;
      }
      return data ?? undefined;
    } catch {
      setError(API_ERRORS.unreachable.message);
      return undefined;
    }
  }

  async function startEnrolment(form: HTMLFormElement) {
    const password = fieldText(form, 'password');
    if (!password) return setError('Informe a senha.');
    const answer = await run(() => twoFactor.enable.mutateAsync(password));
    twoFactor.enable.reset();
    if (answer && 'totpURI' in answer && answer.totpURI) {
      setStep({ name: 'scan', totpUri: answer.totpURI, recoveryCodes: answer.backupCodes });
    }
  }

  async function confirmCode(form: HTMLFormElement, recoveryCodes: string[]) {
    const parsed = totpCodeSchema.safeParse(fieldText(form, 'code'));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const answer = await run(() => twoFactor.confirm.mutateAsync(parsed.data));
    if (answer) setStep({ name: 'recovery-codes', recoveryCodes });
  }

  async function disable(form: HTMLFormElement) {
    const password = fieldText(form, 'password');
    if (!password) return setError('Informe a senha.');
    const answer = await run(() => twoFactor.disable.mutateAsync(password));
    twoFactor.disable.reset();
    if (answer) {
      setStep({ name: 'idle' });
      setNotice(
        'Verificação em duas etapas desativada. As outras sessões da sua conta foram encerradas.',
      );
    }
  }

  const cancel = () => {
    setStep({ name: 'idle' });
    setError(undefined);
  };

  return (
    <section aria-labelledby="two-factor-title" className="mx-auto w-full max-w-5xl px-6 pb-8">
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5">
        <h2 id="two-factor-title" className="text-base font-semibold text-fg">
          Verificação em duas etapas
        </h2>
        <p className="text-sm text-fg-muted">
          Além da senha, a entrada pede um código de 6 dígitos do aplicativo autenticador do seu
          celular (Google Authenticator, Microsoft Authenticator, Authy…). Uma senha roubada,
          sozinha, não abre seus prontuários.
        </p>

        {step.name === 'idle' && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-fg">
              {enabled ? (
                <span className="inline-flex items-center gap-1">
                  <ShieldCheck aria-hidden="true" size={18} /> Ativada
                </span>
              ) : (
                'Desativada'
              )}
            </p>
            {enabled ? (
              <Button variant="danger" onClick={() => setStep({ name: 'disable-password' })}>
                Desativar verificação em duas etapas
              </Button>
            ) : (
              <Button onClick={() => setStep({ name: 'enable-password' })}>
                Ativar verificação em duas etapas
              </Button>
            )}
          </div>
        )}

        {(step.name === 'enable-password' || step.name === 'disable-password') && (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const form = event.currentTarget;
              void (step.name === 'enable-password' ? startEnrolment(form) : disable(form));
            }}
            className="flex max-w-md flex-col gap-3"
          >
            <TextField
              label="Senha da conta"
              name="password"
              type="password"
              autoComplete="current-password"
              hint={
                step.name === 'enable-password'
                  ? 'Confirme sua senha para começar.'
                  : 'Confirme sua senha para desativar. As outras sessões da conta serão encerradas.'
              }
              autoFocus
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                aria-disabled={busy}
                variant={step.name === 'disable-password' ? 'danger' : 'primary'}
              >
                {busy ? 'Aguarde...' : step.name === 'enable-password' ? 'Continuar' : 'Desativar'}
              </Button>
              <Button variant="secondary" onClick={cancel}>
                Cancelar
              </Button>
            </div>
          </form>
        )}

        {step.name === 'scan' && (
          <ScanStep
            totpUri={step.totpUri}
            busy={busy}
            onSubmit={(form) => void confirmCode(form, step.recoveryCodes)}
            onCancel={cancel}
          />
        )}

        {step.name === 'recovery-codes' && (
          <RecoveryCodes
            codes={step.recoveryCodes}
            email={user.email}
            onDone={() => {
              setStep({ name: 'idle' });
              setNotice('Verificação em duas etapas ativada.');
            }}
          />
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
      </div>
    </section>
  );
}

function ScanStep(props: {
  totpUri: string;
  busy: boolean;
  onSubmit: (form: HTMLFormElement) => void;
  onCancel: () => void;
}) {
  const secret = totpSecretOf(props.totpUri) ?? '';
  // An <img> of the SVG rather than inline markup: nothing from a string reaches the DOM as HTML.
  const qrCode = `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(props.totpUri, { border: 2 }))}`;
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal pl-5 text-sm text-fg">
        <li>No aplicativo autenticador, adicione uma conta lendo o QR code abaixo.</li>
        <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={qrCode}
          alt="QR code para o aplicativo autenticador"
          width={192}
          height={192}
          className="rounded-md border border-line bg-white"
        />
        <div className="flex flex-col gap-1 text-sm">
          <p className="text-fg-muted">
            Não consegue ler o QR code? Digite esta chave no aplicativo:
          </p>
          <p>
            <code
              aria-label="Chave para digitar"
              className="font-mono text-base text-fg select-all"
            >
              {groupTotpSecret(secret)}
            </code>
          </p>
          <p className="text-xs text-fg-muted">
            Tipo: baseado em tempo (TOTP), 6 dígitos, 30 segundos.
          </p>
        </div>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit(event.currentTarget);
        }}
        className="flex max-w-md flex-col gap-3"
      >
        <TextField
          label="Código de 6 dígitos"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={props.busy}>
            {props.busy ? 'Aguarde...' : 'Confirmar e ativar'}
          </Button>
          <Button variant="secondary" onClick={props.onCancel}>
            Cancelar
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes(props: { codes: string[]; email: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string>();
  const text = recoveryCodesFileText(props.codes, props.email);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-fg">
        Verificação em duas etapas ativada. Guarde seus códigos de recuperação:
      </p>
      <p className="text-sm text-fg-muted">
        Se perder o celular, cada código abaixo permite entrar uma única vez no lugar do código do
        aplicativo. Eles não serão mostrados novamente.
      </p>
      <ul
        aria-label="Códigos de recuperação"
        className="grid max-w-md grid-cols-2 gap-2 rounded-md border border-line bg-surface-muted p-3 font-mono text-sm text-fg"
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(text).then(
              () => setCopied('Códigos copiados.'),
              () => setCopied('Não foi possível copiar. Use o download.'),
            );
          }}
        >
          <Copy aria-hidden="true" size={18} /> Copiar códigos
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile(
              new Blob([text], { type: 'text/plain;charset=utf-8' }),
              'prontu-codigos-de-recuperacao.txt',
            )
          }
        >
          <Download aria-hidden="true" size={18} /> Baixar códigos
        </Button>
        <Button onClick={props.onDone}>Já guardei os códigos</Button>
      </div>
      {copied && (
        <p role="status" className="text-sm text-fg">
          {copied}
        </p>
      )}
    </div>
  );
}
