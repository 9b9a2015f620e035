import { useState } from 'react';
import { codedCondition } from '@shared/records/diagnoses';
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import type { Patient } from '@shared/patients/patient';
import { Button } from '../../ui/button';
import { searchCid10 } from '../../data/catalogues';
import { useCodeChronicCondition } from '../../data/patients';

type Offer =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'found'; cid: Cid10SearchResult }
  | { status: 'none' }
  | { status: 'failed' };

/**
 * Her chronic conditions, each with its CID-10 code when one is written in it; for one without, the
 * catalogue's best match is offered and written only when the doctor confirms it
 * (docs/product.md, "Diagnósticos codificados").
 */
export function ChronicConditionsBox({ patient }: { patient: Patient }) {
  return (
    <div className="rounded-md border border-line bg-surface p-3 text-sm">
      <h2 className="font-semibold text-fg">Doenças crônicas</h2>
      {patient.chronicConditions.length === 0 ? (
        <p className="text-fg-muted">Nenhuma registrada.</p>
      ) : (
        <ul className="mt-1 flex list-disc flex-col gap-1 pl-5 text-fg">
          {patient.chronicConditions.map((condition) => (
            <ChronicCondition key={condition} patient={patient} condition={condition} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ChronicCondition({ patient, condition }: { patient: Patient; condition: string }) {
  const coded = codedCondition(condition);
  const [offer, setOffer] = useState<Offer>({ status: 'idle' });
  const confirm = useCodeChronicCondition(patient.id);

  if (coded.code) {
    return (
      <li>
        {coded.text} <span className="font-mono text-fg-muted">· CID-10 {coded.code}</span>
      </li>
    );
  }

  const suggest = async () => {
    setOffer({ status: 'searching' });
    try {
      const [best] = await searchCid10(coded.text, { sex: patient.sex }, 1);
      setOffer(best ? { status: 'found', cid: best } : { status: 'none' });
    } catch {
      setOffer({ status: 'failed' });
    }
  };

  return (
    <li>
      <div className="flex flex-wrap items-center gap-2">
        <span>{condition}</span>
        {(offer.status === 'idle' || offer.status === 'searching') && (
          <Button
            variant="ghost"
            disabled={offer.status === 'searching'}
            aria-label={`Sugerir CID para ${condition}`}
            onClick={() => void suggest()}
          >
            {offer.status === 'searching' ? 'Buscando...' : 'Sugerir CID'}
          </Button>
        )}
      </div>
      {offer.status === 'found' && (
        <div
          role="group"
          aria-label={`CID sugerido para ${condition}`}
          className="mt-1 flex flex-wrap items-center gap-2"
        >
          <span>
            <span className="font-mono font-semibold">{offer.cid.code}</span> —{' '}
            {offer.cid.description}
          </span>
          <Button
            variant="secondary"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate({ condition, code: offer.cid.code })}
          >
            Confirmar CID
          </Button>
          <Button variant="ghost" onClick={() => setOffer({ status: 'idle' })}>
            Descartar
          </Button>
        </div>
      )}
      {offer.status === 'none' && (
        <p className="text-fg-muted">Nenhum CID encontrado para &quot;{coded.text}&quot;.</p>
      )}
      {offer.status === 'failed' && (
        <p role="alert" className="text-danger-fg">
          Não foi possível buscar o CID agora. Tente novamente.
        </p>
      )}
      {confirm.error && (
        <p role="alert" className="text-danger-fg">
          {confirm.error.message}
        </p>
      )}
    </li>
  );
}
