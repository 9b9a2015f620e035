import { useState } from 'react';
import { ACCOUNT_ERRORS, GENERIC_ACCOUNT_ERROR } from '@shared/account/account';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  TRUSTED_DEVICE_DAYS,
} from '@shared/account/two-factor';
import { API_ERRORS } from '@shared/api/errors';
import { authClient } from '../../data/auth-client';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/** Errors after which this challenge is over: the doctor signs in with the password again. */
const CHALLENGE_OVER = new Set(['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE']);

/**
 * The second step of signing in to an account with two-factor: the 6-digit code of the
 * authenticator app, or one of the recovery codes.
 */
export function TwoFactorChallenge(props: {
  onSuccess: () => void;
  /** The challenge expired or was spent: back to the e-mail and password, with this message. */
  onRestart: (message: string) => void;
}) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(formElement: HTMLFormElement) {
    const form = new FormData(formElement);
    const trustDevice = form.get('trustDevice') === 'on';
    const code = form.get('code');
    const parsed = (useRecoveryCode ? recoveryCodeSchema : totpCodeSchema).safeParse(
      typeof code === 'string' ? code : '',
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setSubmitting(true);
    let answerError: { code?: string | undefined; message?: string | undefined } | null;
    try {
      ({ error: answerError } = useRecoveryCode
        ? await authClient.twoFactor.verifyBackupCode({ code: parsed.data, trustDevice })
        : await authClient.twoFactor.verifyTotp({ code: parsed.data, trustDevice }));
    } catch {
      setError(API_ERRORS.unreachable.message);
      return;
    } finally {
      setSubmitting(false);
    }
    if (!answerError) return props.onSuccess();
    const message =
      (answerError.code ? ACCOUNT_ERRORS[answerError.code]?.message : undefined) ??
      answerError.message ??
      GENERIC_ACCOUNT_ERROR;
    if (answerError.code && CHALLENGE_OVER.has(answerError.code)) props.onRestart(message);
    else setError(message);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-fg">
        {useRecoveryCode
          ? 'Digite um dos códigos de recuperação que você guardou. Cada um vale uma única vez.'
          : 'Sua conta tem verificação em duas etapas. Digite o código de 6 dígitos do aplicativo autenticador.'}
      </p>
      <TextField
        key={useRecoveryCode ? 'recovery' : 'totp'}
        label={useRecoveryCode ? 'Código de recuperação' : 'Código de 6 dígitos'}
        name="code"
        autoComplete="one-time-code"
        inputMode={useRecoveryCode ? 'text' : 'numeric'}
        autoFocus
        error={error}
      />
      <label className="flex items-center gap-2 text-sm text-fg">
        <input type="checkbox" name="trustDevice" className="size-4" />
        Confiar neste dispositivo por {TRUSTED_DEVICE_DAYS} dias
      </label>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Aguarde...' : 'Verificar'}
      </Button>
      <button
        type="button"
        className="self-start text-sm text-accent-fg underline"
        onClick={() => {
          setUseRecoveryCode((current) => !current);
          setError(undefined);
        }}
      >
        {useRecoveryCode ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
      </button>
    </form>
  );
}
