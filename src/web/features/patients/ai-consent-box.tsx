import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AI_CONSENT_LABELS, type AiConsentStatus } from '@shared/ai/use';
import type { Patient } from '@shared/patients/patient';
import { formatDateTime } from '@shared/lib/pt-br-format';
import { recordAiConsent } from '../../data/patients';
import { Button } from '../../ui/button';

/**
 * Her word on AI in her care (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026"): what her
 * chart holds, who recorded it and when, and the doctor's way to record that she was told and
 * agreed, or that she refused. A refusal keeps AI out of all her visits, on the server too.
 */
export function AiConsentBox({ patient }: { patient: Patient }) {
  const cache = useQueryClient();
  const record = useMutation({
    mutationFn: (status: AiConsentStatus) => recordAiConsent(cache, patient.id, status),
  });
  const consent = patient.aiConsent;
  const offered = (['informada', 'recusou'] as const).filter(
    (status) => status !== consent?.status,
  );

  return (
    <section
      aria-labelledby="patient-ai-consent"
      className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3 text-sm"
    >
      <h2 id="patient-ai-consent" className="font-semibold text-fg">
        Uso de IA
      </h2>
      <p className="text-fg">
        {AI_CONSENT_LABELS[consent?.status ?? 'none']}
        {consent && (
          <span className="text-fg-muted">
            {' '}
            — registrado por {consent.recordedBy} em {formatDateTime(consent.at)}
          </span>
        )}
      </p>
      {consent?.status === 'recusou' && (
        <p className="text-fg-muted">
          Nenhum recurso de IA é usado nas consultas deste paciente: registre-as à mão.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {offered.map((status) => (
          <Button
            key={status}
            variant="secondary"
            className="px-3 py-1"
            disabled={record.isPending}
            onClick={() => record.mutate(status)}
          >
            {status === 'recusou' ? 'Registrar recusa' : 'Registrar ciência e acordo'}
          </Button>
        ))}
      </div>
      {record.isError && (
        <p role="alert" className="text-danger-fg">
          {record.error.message}
        </p>
      )}
    </section>
  );
}
