import { useState } from 'react';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useDispenseQuantitySave } from '../../data/prescription-actions';

/** Texts of the quantity editor. */
export const DISPENSE_QUANTITY_TEXT = {
  heading: 'Quantidades a dispensar',
  label: (name: string) => `Quantidade a dispensar de ${name}`,
  missing: 'Quantidade não calculada: informe a quantidade a dispensar.',
  save: 'Salvar quantidade',
  saved: 'Quantidade salva.',
  hint: 'Escreva o número e a unidade, por exemplo: 21 cápsulas. A quantidade que você escreve não é recalculada.',
} as const;

/**
 * The receita editor's quantities to dispense: each medicine's quantity, computed by the server
 * or written by the doctor, to overwrite; one that could not be computed is flagged as missing
 * (docs/receitas.md). An overwritten quantity is saved as the doctor's and never recomputed. Only
 * a draft's: an issued receita no longer changes (it is corrected by a new version).
 */
export function DispenseQuantityEditor(props: { prescriptions: readonly ReceitaPrescription[] }) {
  const items = props.prescriptions
    .filter((prescription) => prescription.isFinalized === false)
    .flatMap((prescription) =>
      prescription.medications.map((medication, index) => ({ prescription, medication, index })),
    );
  if (items.length === 0) return null;
  return (
    <section aria-label={DISPENSE_QUANTITY_TEXT.heading} className="mb-4 flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-fg">{DISPENSE_QUANTITY_TEXT.heading}</h3>
      <ul className="flex flex-col gap-3">
        {items.map(({ prescription, medication, index }) => (
          <li key={`${prescription.id}-${index}`}>
            <QuantityField
              prescriptionId={prescription.id}
              index={index}
              name={[medication.name, medication.dosage].filter(Boolean).join(' ')}
              current={medication.dispenseQuantity?.text ?? ''}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuantityField(props: {
  prescriptionId: string;
  index: number;
  name: string;
  current: string;
}) {
  const saving = useDispenseQuantitySave();
  const [typed, setTyped] = useState<string>();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  const value = typed ?? props.current;
  const missing = props.current === '';

  const save = async () => {
    const result = await saving.mutateAsync({
      prescriptionId: props.prescriptionId,
      index: props.index,
      typed: value,
    });
    if (result.ok) {
      setTyped(undefined);
      setSaid({ ok: true, text: DISPENSE_QUANTITY_TEXT.saved });
    } else {
      setSaid({ ok: false, text: result.error });
    }
  };

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label={DISPENSE_QUANTITY_TEXT.label(props.name)}
        hint={missing ? DISPENSE_QUANTITY_TEXT.missing : DISPENSE_QUANTITY_TEXT.hint}
        error={said && !said.ok ? said.text : undefined}
        autoComplete="off"
        maxLength={200}
        className={missing ? 'border-warning-fg' : ''}
        value={value}
        onChange={(event) => {
          setTyped(event.target.value);
          setSaid(undefined);
        }}
      />
      <Button type="submit" variant="secondary" disabled={saving.isPending || !value.trim()}>
        {DISPENSE_QUANTITY_TEXT.save}
      </Button>
      <p role="status" className="text-sm text-success-fg">
        {said?.ok ? said.text : ''}
      </p>
    </form>
  );
}
