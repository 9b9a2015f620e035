import { CloudCog } from 'lucide-react';
import { useState } from 'react';
import { API_ERRORS } from '@shared/api/errors';
import type { SigningProvider } from '@shared/documents/signing-certificate';
import { digitsOf, formatCpf } from '@shared/patients/identifiers';
import { errorText } from '../../data/api';
import { useSettingsQuery } from '../../data/settings';
import {
  authorisationOf,
  cancelSigningSession,
  preferredProvider,
  rememberProvider,
  useSigningProviders,
} from '../../data/signing-sessions';
import {
  AuthorisationStopped,
  PendingPushNotice,
  useCloudAuthorisation,
} from '../../components/signing/cloud-authorisation';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { TextField } from '../../ui/text-field';

/**
 * Settings' "Certificado em nuvem" (docs/assinatura-nuvem.md), shown only when the server offers
 * a PSC: the provider she signs with (remembered in this browser: its id only), the CPF the PSC
 * looks her certificate up by (her Settings' own), and 'Testar conexão', which authorises a
 * session — her app's one-time code, or a push she approves — tells whose certificate answered,
 * and ends the session at once.
 */
export function CloudCertificatePart() {
  const providers = useSigningProviders();
  const offered = providers.data ?? [];
  if (offered.length === 0) return null;
  return <CloudCertificateChoice providers={offered} />;
}

function CloudCertificateChoice(props: { providers: readonly SigningProvider[] }) {
  const settings = useSettingsQuery();
  // Undefined until her settings arrive: no advice to fill a CPF she may already have.
  const cpf = settings.data ? digitsOf(settings.data.settings.cpf) : undefined;
  const [chosenId, setChosenId] = useState(() => preferredProvider(props.providers)?.id);
  const provider =
    props.providers.find((candidate) => candidate.id === chosenId) ?? props.providers[0];
  const cloud = useCloudAuthorisation();
  const [code, setCode] = useState('');
  const [testing, setTesting] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  if (!provider) return null;
  const byCode = authorisationOf(provider) === 'otp';

  async function testConnection(chosen: SigningProvider) {
    if (testing) return;
    setError(undefined);
    setNotice(undefined);
    if (byCode && code.trim() === '') {
      return setError(`Digite o código do seu aplicativo ${chosen.name}.`);
    }
    setTesting(true);
    try {
      const session = await cloud.authorise(chosen.id, byCode ? code.trim() : undefined);
      setNotice(
        `Conexão com o ${chosen.name} funcionando: certificado de ${session.holder ?? 'titular não informado'}.`,
      );
      // Only a test: the session is not kept for signing.
      await cancelSigningSession(session.id);
    } catch (failure) {
      if (failure instanceof AuthorisationStopped) {
        if (!failure.cancelled) setError(failure.message);
      } else {
        setError(errorText(failure, API_ERRORS.psc_unavailable.message));
      }
    } finally {
      // A one-time code is good for one try only.
      setCode('');
      setTesting(false);
    }
  }

  return (
    <div
      role="group"
      aria-labelledby="cloud-certificate-title"
      className="flex max-w-md flex-col gap-3 border-t border-line pt-4"
    >
      <h3 id="cloud-certificate-title" className="flex items-center gap-2 font-semibold text-fg">
        <CloudCog aria-hidden="true" size={18} /> Certificado em nuvem
      </h3>
      <p className="text-sm text-fg-muted">
        Assine com o certificado guardado no seu provedor (PSC), autorizando pelo aplicativo do
        celular. Nada secreto fica guardado no Prontu.
      </p>
      <Field label="Provedor">
        {(control) => (
          <select
            className={`${CONTROL_CLASSES} text-sm`}
            {...control}
            value={provider.id}
            disabled={testing}
            onChange={(event) => {
              setChosenId(event.target.value);
              rememberProvider(event.target.value);
              setError(undefined);
              setNotice(undefined);
            }}
          >
            {props.providers.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {cpf === undefined ? null : cpf === '' ? (
        <p className="text-sm font-medium text-fg">
          Preencha seu CPF em Configurações, nos dados do médico: é por ele que o provedor encontra
          seu certificado.
        </p>
      ) : (
        <>
          <p className="text-sm text-fg">
            CPF do titular: <span className="font-medium">{formatCpf(cpf)}</span>
          </p>
          {byCode && (
            <TextField
              label={`Digite o código do seu aplicativo ${provider.name}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              disabled={testing}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
          {cloud.pending ? (
            <PendingPushNotice pending={cloud.pending} onCancel={cloud.cancel} />
          ) : (
            <div>
              <Button
                variant="secondary"
                aria-disabled={testing}
                onClick={() => void testConnection(provider)}
              >
                {testing ? 'Testando...' : 'Testar conexão'}
              </Button>
            </div>
          )}
        </>
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
  );
}
