import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import {
  ACCOUNT_ERRORS,
  GENERIC_ACCOUNT_ERROR,
  signInSchema,
  strongSignUpSchema,
} from '@shared/account/account';
import type { AccountField } from '@shared/account/account-field';
import { loadPasswordChecker } from '@shared/account/password-strength';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { API_ERRORS } from '@shared/api/errors';
import { authClient } from '../../data/auth-client';
import { TwoFactorChallenge } from './two-factor-challenge';

export type AuthMode = 'sign-up' | 'sign-in';
type FieldErrors = Partial<Record<AccountField, string>>;

const TITLES: Record<AuthMode, string> = { 'sign-up': 'Criar conta', 'sign-in': 'Entrar' };

/** The Cadastrar / Entrar modal, with a message under each field that is wrong. */
export function AuthDialog(props: {
  mode: AuthMode | undefined;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** The button that opened the dialog, which gets the focus back when it closes. */
  returnFocusTo: HTMLElement | null;
}) {
  const { mode } = props;
  return (
    <Dialog.Root open={mode !== undefined} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocusTo?.focus();
          }}
          className="fixed top-1/2 left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 z-50 rounded-lg bg-surface p-6 shadow-xl"
        >
          {mode && (
            <>
              <Dialog.Title className="mb-1 text-xl font-semibold text-fg">
                {TITLES[mode]}
              </Dialog.Title>
              <Dialog.Description className="mb-4 text-sm text-fg-muted">
                {mode === 'sign-up'
                  ? 'Cadastre-se com seu e-mail para usar o Prontu.'
                  : 'Entre com o e-mail e a senha da sua conta.'}
              </Dialog.Description>
              <AccountForm key={mode} mode={mode} onSuccess={props.onClose} />
              <div className="mt-4 flex items-center justify-between">
                <button
                  type="button"
                  className="text-sm text-accent-fg underline"
                  onClick={() => props.onModeChange(mode === 'sign-up' ? 'sign-in' : 'sign-up')}
                >
                  {mode === 'sign-up' ? 'Já tem conta? Entrar' : 'Não tem conta? Cadastre-se'}
                </button>
                <Dialog.Close asChild>
                  <Button variant="secondary">Fechar</Button>
                </Dialog.Close>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AccountForm({ mode, onSuccess }: { mode: AuthMode; onSuccess: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // The password was right and the account has two-factor: the code is asked next.
  const [askingCode, setAskingCode] = useState(false);
  const navigate = useNavigate();

  const signedIn = () => {
    onSuccess();
    void navigate({ to: '/', search: {} });
  };

  // The password dictionaries (a separate ~1.5 MB chunk) start loading as the form opens.
  useEffect(() => {
    if (mode === 'sign-up') loadPasswordChecker().catch(() => undefined);
  }, [mode]);

  async function submit(formElement: HTMLFormElement) {
    const form = Object.fromEntries(new FormData(formElement));
    setSubmitting(true);
    let error: { code?: string | undefined; message?: string | undefined } | null;
    let twoFactorRedirect = false;
    try {
      const parsed =
        mode === 'sign-up'
          ? strongSignUpSchema(await loadPasswordChecker()).safeParse(form)
          : signInSchema.safeParse(form);
      if (!parsed.success) {
        setErrors(fieldErrorsOf(parsed.error));
        return;
      }
      setErrors({});
      const { email, password } = parsed.data;
      if ('name' in parsed.data) {
        // A new account starts signed in; a taken e-mail gets the same answer without a session,
        // and signing in next tells its owner (her own password) from someone else.
        ({ error } = await authClient.signUp.email(parsed.data));
        if (!error && !(await authClient.getSession()).data) {
          ({ error } = await authClient.signIn.email({ email, password }));
          if (error?.code === 'INVALID_EMAIL_OR_PASSWORD') {
            setErrors({ email: SIGN_UP_NOT_POSSIBLE });
            return;
          }
        }
      } else {
        const answer = await authClient.signIn.email({ email, password });
        error = answer.error;
        twoFactorRedirect = !!answer.data && 'twoFactorRedirect' in answer.data;
      }
    } catch {
      // No answer at all (offline, server down): say so, and let the doctor try again.
      setErrors({ form: API_ERRORS.unreachable.message });
      return;
    } finally {
      setSubmitting(false);
    }
    if (!error && twoFactorRedirect) return setAskingCode(true);
    if (!error) return signedIn();
    const known = error.code ? ACCOUNT_ERRORS[error.code] : undefined;
    setErrors({
      // The server's message is Portuguese and may be more precise (how long to wait).
      [known?.field ?? 'form']: error.message ?? known?.message ?? GENERIC_ACCOUNT_ERROR,
    });
  }

  if (askingCode) {
    return (
      <TwoFactorChallenge
        onSuccess={signedIn}
        onRestart={(message) => {
          setAskingCode(false);
          setErrors({ form: message });
        }}
      />
    );
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
      {mode === 'sign-up' && (
        <TextField label="Nome" name="name" autoComplete="name" error={errors.name} />
      )}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <TextField
        label="Senha"
        name="password"
        type="password"
        autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
        error={errors.password}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-danger-fg">
          {errors.form}
        </p>
      )}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Aguarde...' : mode === 'sign-up' ? 'Cadastrar' : 'Entrar'}
      </Button>
    </form>
  );
}

/** A taken e-mail whose password is not the one typed: said only after a (throttled) sign-in. */
const SIGN_UP_NOT_POSSIBLE =
  'Não foi possível criar a conta com este e-mail. Se você já tem conta, use “Entrar”.';

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    const key: AccountField =
      field === 'name' || field === 'email' || field === 'password' ? field : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
