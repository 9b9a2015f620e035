import { PenLine } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { API_ERRORS } from '@shared/api/errors';
import type { SigningProvider } from '@shared/documents/signing-certificate';
import { errorText } from '../../data/api';
import { useSigningTry } from '../../data/signing-certificate';
import {
  authorisationOf,
  forgetSession,
  heldSession,
  holdSession,
  rememberedProviderId,
  rememberProvider,
  useSigningProviders,
} from '../../data/signing-sessions';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { TextField } from '../../ui/text-field';
import {
  AuthorisationStopped,
  PendingPushNotice,
  useCloudAuthorisation,
} from './cloud-authorisation';

/** The choice of the A1 certificate's password, beside each cloud provider's id. */
const A1_METHOD = 'a1';

/** What one try at signing a batch did: which were signed, and why the rest were not. */
export interface SigningTry {
  signedIds: readonly string[];
  failure?: string | undefined;
}

/**
 * The prompt that signs a batch (documents, receitas) with the doctor's ICP-Brasil certificate:
 * one typing of the A1's password signs them all, or — when the server offers a PSC and the
 * caller can sign with a session — one authorisation of her cloud certificate (a one-time code,
 * or a push approved in her app; docs/assinatura-nuvem.md). The password lives in the field for
 * one try only and is cleared after it; a batch stopped half-way is retried with only what is
 * left. An authorised cloud session is reused while it lives.
 */
export function SigningPasswordDialog<Item extends { id: string }>(props: {
  items: readonly Item[];
  /** How an item is listed: 'Atestado', 'Receita de 27/11/2026 — Amoxicilina 500 mg'. */
  labelOf: (item: Item) => string;
  /** What the password signs, in one sentence. */
  description: string;
  /** Signs `items` in order, stopping at the first refusal. */
  sign: (items: readonly Item[], password: string) => Promise<SigningTry>;
  /** Signs `items` with an authorised cloud session; without it, only the A1 is offered. */
  signWithSession?:
    ((items: readonly Item[], sessionId: string) => Promise<SigningTry>) | undefined;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const signing = useSigningTry(props.sign);
  const busy = signing.isPending;
  const [remaining, setRemaining] = useState(props.items);
  const providers = useSigningProviders();
  const offered = props.signWithSession ? (providers.data ?? []) : [];
  const [chosenMethod, setChosenMethod] = useState<string>();
  const method = chosenMethod ?? rememberedMethod(offered);
  const provider = offered.find((candidate) => candidate.id === method);
  const cloud = useCloudAuthorisation();
  const [code, setCode] = useState('');
  const [cloudBusy, setCloudBusy] = useState(false);

  /** What a batch's try left: the items not signed, and why. */
  const settleTry = (result: SigningTry) => {
    const signedIds = new Set(result.signedIds);
    setRemaining(remaining.filter((item) => !signedIds.has(item.id)));
    setFailure(
      signedIds.size > 0
        ? `${signedIds.size} de ${remaining.length} assinados. ${result.failure}`
        : result.failure,
    );
  };

  const signInCloud = async (chosen: SigningProvider) => {
    const signWithSession = props.signWithSession;
    if (cloudBusy || !signWithSession) return;
    const held = heldSession(chosen.id);
    const byCode = authorisationOf(chosen) === 'otp';
    if (!held && byCode && code.trim() === '') {
      setFailure(`Digite o código do seu aplicativo ${chosen.name}.`);
      return;
    }
    setFailure(undefined);
    setCloudBusy(true);
    rememberProvider(chosen.id);
    try {
      const session = held ?? (await cloud.authorise(chosen.id, byCode ? code.trim() : undefined));
      holdSession(session);
      const result = await signWithSession(remaining, session.id);
      if (result.failure === undefined) {
        props.onDone(props.items.length);
        return;
      }
      // The session may be what failed (expired, refused): the next try authorises again.
      forgetSession(session.id);
      settleTry(result);
    } catch (failure) {
      if (failure instanceof AuthorisationStopped) {
        if (!failure.cancelled) setFailure(failure.message);
      } else {
        setFailure(errorText(failure, API_ERRORS.psc_unavailable.message));
      }
    } finally {
      // A one-time code is good for one try only.
      setCode('');
      setCloudBusy(false);
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (provider) return signInCloud(provider);
    if (busy || password === '') return;
    setFailure(undefined);
    try {
      const result = await signing.mutateAsync({ items: remaining, password });
      if (result.failure === undefined) {
        props.onDone(props.items.length);
        return;
      }
      settleTry(result);
    } finally {
      // The password lives in this field for one attempt only, and nowhere else.
      setPassword('');
      signing.reset();
    }
  };

  return (
    <DialogFrame
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title="Assinar digitalmente"
      description={props.description}
      size="narrow"
    >
      <form noValidate className="flex flex-col gap-4 p-5" onSubmit={(event) => void submit(event)}>
        <ul className="list-disc pl-5 text-sm text-fg">
          {remaining.map((item) => (
            <li key={item.id}>{props.labelOf(item)}</li>
          ))}
        </ul>
        {offered.length > 0 && (
          <fieldset className="flex flex-col gap-2 text-sm text-fg">
            <legend className="mb-1 font-medium">Assinar com</legend>
            {[{ id: A1_METHOD, label: 'Senha do certificado A1' }]
              .concat(
                offered.map((candidate) => ({
                  id: candidate.id,
                  label: `Certificado em nuvem (${candidate.name})`,
                })),
              )
              .map((option) => (
                <label key={option.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="signing-method"
                    value={option.id}
                    checked={method === option.id}
                    disabled={cloudBusy || busy}
                    onChange={() => {
                      setChosenMethod(option.id);
                      setFailure(undefined);
                    }}
                  />
                  {option.label}
                </label>
              ))}
          </fieldset>
        )}
        {provider ? (
          <CloudFields provider={provider} code={code} onCode={setCode} busy={cloudBusy} />
        ) : (
          <TextField
            label="Senha do certificado"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {cloud.pending && <PendingPushNotice pending={cloud.pending} onCancel={cloud.cancel} />}
        {failure && (
          <p role="alert" className="text-sm text-danger-fg">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>
            Voltar
          </Button>
          <Button type="submit" aria-disabled={provider ? cloudBusy : busy || password === ''}>
            <PenLine aria-hidden="true" size={18} />
            {busy || (cloudBusy && !cloud.pending) ? 'Assinando...' : 'Assinar'}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/** The method preselected: the cloud provider she chose last, when still offered; else the A1. */
function rememberedMethod(offered: readonly SigningProvider[]): string {
  const remembered = rememberedProviderId();
  return offered.some((provider) => provider.id === remembered) && remembered
    ? remembered
    : A1_METHOD;
}

/**
 * What signing in the cloud asks: the one-time code from her app, or nothing (a push she
 * approves); nothing at all while this page holds the provider's authorised session.
 */
function CloudFields(props: {
  provider: SigningProvider;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
}) {
  const { provider } = props;
  if (heldSession(provider.id)) {
    return (
      <p className="text-sm text-fg-muted">
        {`Autorização do ${provider.name} ativa: assine sem um novo código.`}
      </p>
    );
  }
  if (authorisationOf(provider) === 'otp') {
    return (
      <TextField
        label={`Digite o código do seu aplicativo ${provider.name}`}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={props.code}
        disabled={props.busy}
        onChange={(event) => props.onCode(event.target.value)}
      />
    );
  }
  return (
    <p className="text-sm text-fg-muted">
      {`Ao assinar, aprove o pedido no aplicativo ${provider.name} do seu celular.`}
    </p>
  );
}
