import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { BRAZILIAN_STATES } from '@shared/account/doctor-settings';
import { GENDERS } from '@shared/records/medical-record';
import type { Patient, PatientWrite } from '@shared/patients/patient';
import { SEX_LABELS } from '@shared/patients/display';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { MaskedTextField } from '../../ui/masked-text-field';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field';
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid';
import {
  EMPTY_PATIENT_FORM,
  formValuesOf,
  patientWriteOf,
  refusalOf,
  validatePatientForm,
  type AddressField,
  type PatientFormErrors,
  type PatientFormValues,
} from './patient-form-values';

/** What saving the form ended in: the saved patient, or the refusal to show. */
export type SaveOutcome = { saved: Patient } | { refused: unknown; current?: Patient | undefined };

const CHANGED_ELSEWHERE =
  'Este paciente foi alterado em outra aba ou dispositivo. O formulário agora mostra os dados atuais: confira e salve de novo, se ainda quiser mudar algo.';

/**
 * The patient form ('Novo paciente', 'Editar'), in a dialog: only the name is required. It is
 * checked by the shared schema before it is sent; the server's refusals show under their field.
 * When the patient changed elsewhere since it opened, the form takes the current data and says
 * so, so nothing is written over unseen.
 */
export function PatientFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The patient being edited; a new one when absent. */
  patient?: Patient | undefined;
  onSave: (input: PatientWrite) => Promise<SaveOutcome>;
  /** Whether the save `onSave` started is still on its way (its mutation's `isPending`). */
  saving: boolean;
  onSaved: (patient: Patient) => void;
}) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      size="form"
    >
      {/* Mounted anew each time it opens: the form starts from the patient as she is. */}
      {props.open && (
        <PatientForm
          patient={props.patient}
          onSave={props.onSave}
          saving={props.saving}
          onSaved={props.onSaved}
          onCancel={() => props.onOpenChange(false)}
        />
      )}
    </DialogFrame>
  );
}

function PatientForm(props: {
  patient: Patient | undefined;
  onSave: (input: PatientWrite) => Promise<SaveOutcome>;
  saving: boolean;
  onSaved: (patient: Patient) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<PatientFormValues>(() =>
    props.patient ? formValuesOf(props.patient) : EMPTY_PATIENT_FORM,
  );
  const [errors, setErrors] = useState<PatientFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const { saving } = props;
  const { containerRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  // A message about the whole form stands at its top: bring it into view wherever she scrolled.
  useEffect(() => {
    if (formError) formErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [formError]);

  const set = <K extends keyof PatientFormValues>(field: K, value: PatientFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setAddress = (field: AddressField, value: string) =>
    setValues((current) => ({ ...current, address: { ...current.address, [field]: value } }));

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validatePatientForm(values);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) {
      // The first field with a problem is scrolled to and focused, so its message is seen and
      // read out: the dialog is long, and a message out of sight makes the button seem dead.
      focusFirstInvalid();
      return;
    }
    const outcome = await props.onSave(patientWriteOf(values));
    if ('saved' in outcome) {
      props.onSaved(outcome.saved);
      return;
    }
    if (outcome.current) {
      setValues(formValuesOf(outcome.current));
      setFormError(CHANGED_ELSEWHERE);
      return;
    }
    const refusal = refusalOf(outcome.refused);
    if (refusal.field) {
      setErrors({ [refusal.field]: refusal.message });
      focusFirstInvalid();
    } else setFormError(refusal.message);
  };

  return (
    <form
      ref={containerRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex min-h-0 flex-1 flex-col"
      aria-label={props.patient ? `Editar ${props.patient.name}` : 'Novo paciente'}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        {formError && (
          <p
            ref={formErrorRef}
            role="alert"
            className="rounded-md border border-danger-fg bg-danger-soft p-3 text-sm text-danger-fg"
          >
            {formError}
          </p>
        )}
        <TextField
          label="Nome completo"
          required
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <MaskedTextField
            label="Data de nascimento"
            hint="dd/mm/aaaa"
            mask="date"
            autoComplete="off"
            value={values.birthDate}
            error={errors.birthDate}
            onValueChange={(text) => set('birthDate', text)}
          />
          <SelectField
            label="Sexo"
            value={values.sex}
            error={errors.sex}
            onChange={(event) => set('sex', event.target.value as PatientFormValues['sex'])}
          >
            <option value="">Não informado</option>
            {GENDERS.map((sex) => (
              <option key={sex} value={sex}>
                {SEX_LABELS[sex]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="CPF"
            inputMode="numeric"
            autoComplete="off"
            value={values.cpf}
            error={errors.cpf}
            onChange={(event) => set('cpf', event.target.value)}
          />
          <TextField
            label="Passaporte"
            hint="para estrangeiros sem CPF"
            autoComplete="off"
            value={values.passport}
            error={errors.passport}
            onChange={(event) => set('passport', event.target.value)}
          />
          <TextField
            label="CNS (Cartão Nacional de Saúde)"
            inputMode="numeric"
            autoComplete="off"
            value={values.cns}
            error={errors.cns}
            onChange={(event) => set('cns', event.target.value)}
          />
          <MaskedTextField
            label="Telefone"
            mask="phone"
            autoComplete="off"
            value={values.phone}
            error={errors.phone}
            onValueChange={(text) => set('phone', text)}
          />
        </div>

        <fieldset className="flex flex-col gap-4 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-fg">Endereço</legend>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField
              label="Logradouro"
              autoComplete="off"
              value={values.address.street}
              error={errors['address.street']}
              onChange={(event) => setAddress('street', event.target.value)}
            />
            <TextField
              label="Número"
              autoComplete="off"
              value={values.address.number}
              error={errors['address.number']}
              onChange={(event) => setAddress('number', event.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Complemento"
              autoComplete="off"
              value={values.address.complement}
              error={errors['address.complement']}
              onChange={(event) => setAddress('complement', event.target.value)}
            />
            <TextField
              label="Bairro"
              autoComplete="off"
              value={values.address.district}
              error={errors['address.district']}
              onChange={(event) => setAddress('district', event.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_6rem_9rem]">
            <TextField
              label="Cidade"
              autoComplete="off"
              value={values.address.city}
              error={errors['address.city']}
              onChange={(event) => setAddress('city', event.target.value)}
            />
            <SelectField
              label="UF"
              value={values.address.uf}
              error={errors['address.uf']}
              onChange={(event) => setAddress('uf', event.target.value)}
            >
              <option value="">—</option>
              {BRAZILIAN_STATES.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </SelectField>
            <TextField
              label="CEP"
              inputMode="numeric"
              autoComplete="off"
              value={values.address.cep}
              error={errors['address.cep']}
              onChange={(event) => setAddress('cep', event.target.value)}
            />
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextAreaField
            label="Alergias"
            hint="Uma por linha."
            rows={3}
            value={values.allergies}
            error={errors.allergies}
            onChange={(event) => set('allergies', event.target.value)}
          />
          <TextAreaField
            label="Doenças crônicas"
            hint="Uma por linha."
            rows={3}
            value={values.chronicConditions}
            error={errors.chronicConditions}
            onChange={(event) => set('chronicConditions', event.target.value)}
          />
          <TextAreaField
            label="Medicamentos em uso"
            hint="Um por linha."
            rows={3}
            value={values.medications}
            error={errors.medications}
            onChange={(event) => set('medications', event.target.value)}
          />
        </div>
        <TextAreaField
          label="Observações"
          rows={3}
          value={values.notes}
          error={errors.notes}
          onChange={(event) => set('notes', event.target.value)}
        />
      </div>
      <footer className="flex justify-end gap-2 border-t border-line p-4">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar paciente'}
        </Button>
      </footer>
    </form>
  );
}
