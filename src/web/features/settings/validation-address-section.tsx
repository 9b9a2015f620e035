import { VALIDATION_ADDRESS_TEXT } from '@shared/documents/validation-address';
import { useValidationAddress } from '../../data/server-health';
import { ValidationAddressNotice } from '../../components/signing/validation-address-notice';

/**
 * Settings' "Endereço de validação" (docs/documentos.md, "Validação"): the origin the QR codes
 * and validation links of receitas and documents carry, and whether it is PUBLIC_URL or this
 * access's own address — then, when it is the latter, who can open it and how to fix it, in the
 * words of the signing screens' notice.
 */
export function ValidationAddressSection() {
  const address = useValidationAddress();
  return (
    <section
      aria-labelledby="validation-address-title"
      className="mx-auto w-full max-w-5xl px-6 pb-8"
    >
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5">
        <h2 id="validation-address-title" className="text-base font-semibold text-fg">
          {VALIDATION_ADDRESS_TEXT.heading}
        </h2>
        <p className="text-sm text-fg-muted">
          O endereço a que levam o QR code e o link de validação de receitas e documentos: é por ele
          que a farmácia e o paciente conferem o que você emitiu.
        </p>
        {address.isPending && <p className="text-sm text-fg-muted">Carregando...</p>}
        {address.isError && (
          <p role="alert" className="text-sm text-danger-fg">
            Não foi possível saber o endereço de validação: {address.error.message}
          </p>
        )}
        {address.data === null && (
          <p className="text-sm text-fg-muted">O servidor não informou o endereço de validação.</p>
        )}
        {address.data && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-fg-muted">Endereço em uso</dt>
              <dd className="font-mono break-all text-fg">{address.data.origin}</dd>
              <dt className="text-fg-muted">Vem de</dt>
              <dd className="text-fg">
                {address.data.fromPublicUrl
                  ? VALIDATION_ADDRESS_TEXT.sourcePublicUrl
                  : VALIDATION_ADDRESS_TEXT.sourceRequest}
              </dd>
            </dl>
            {address.data.fromPublicUrl ? (
              <p className="text-sm text-fg">{VALIDATION_ADDRESS_TEXT.fixed}</p>
            ) : (
              <ValidationAddressNotice adviceOpen />
            )}
          </>
        )}
      </div>
    </section>
  );
}
