import { RotateCcw, Save } from 'lucide-react';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import {
  BRAZILIAN_STATES,
  DEFAULT_DOCTOR_SETTINGS,
  PRESCRIPTIONS_PER_PAGE,
  type DoctorSettings,
  type DoctorSettingsField,
} from '@shared/account/doctor-settings';
import {
  PRESCRIPTION_TEMPLATE_VARIABLES,
  RECORD_TEMPLATE_VARIABLES,
} from '@shared/records/templates';
import { useDoctorData } from '../../data/doctor-data-context';
import { readEntry, removeEntry, writeEntry } from '../../data/local-entries';
import { useResetSettings, useSaveSettings, useSettingsQuery } from '../../data/settings';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LoadingScreen } from '../../ui/loading-screen';
import { MaskedTextField } from '../../ui/masked-text-field';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field';
import { useFocusFirstInvalid } from '../../ui/use-focus-first-invalid';
import {
  applyEdit,
  changedSettings,
  editsAfterSave,
  editsFromDraft,
  formValuesOf,
  hasEdits,
  validateSettingsForm,
  withCrmSplit,
  withEdits,
  type SettingsEdits,
  type SettingsFieldErrors,
} from './settings-form-values';
import { ActiveSessions } from './active-sessions';
import { AiUseSummary } from './ai-use-summary';
import { settingsDraftEntry } from './settings-draft';
import { SigningCertificateSection } from './signing-certificate-section';
import { TemplatePreview } from './template-preview';
import { TwoFactorSection } from './two-factor-section';
import { ValidationAddressSection } from './validation-address-section';

/** The settings page 'Configurações' (docs/product.md, "Configurações do médico"). */
export function SettingsPage() {
  const settingsQuery = useSettingsQuery();
  if (settingsQuery.data) return <SettingsForm saved={settingsQuery.data.settings} />;
  if (settingsQuery.isError) {
    return (
      <div className="mx-auto max-w-xl p-6" role="alert">
        <p className="rounded-md border border-danger-fg bg-danger-soft p-4 text-danger-fg">
          Não foi possível carregar as configurações: {settingsQuery.error.message}
        </p>
        <Button className="mt-4" onClick={() => void settingsQuery.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return <LoadingScreen />;
}

function SettingsForm({ saved }: { saved: DoctorSettings }) {
  const { userId } = useDoctorData();
  const savedValues = formValuesOf(saved);
  // Only what the doctor changed is state: everything else always shows the saved settings,
  // including fresher ones the server sends while the doctor types.
  const [edits, setEdits] = useState<SettingsEdits>(() =>
    editsFromDraft(readEntry(settingsDraftEntry, userId)?.draft, savedValues),
  );
  const [showRestoredNotice, setShowRestoredNotice] = useState(() => hasEdits(edits));
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const { notice, show } = useStatusNotice();
  const save = useSaveSettings();
  const reset = useResetSettings();
  const busy = save.isPending || reset.isPending;
  // After a refused save, the first field to fix (in page order) is scrolled to and focused.
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  // An edit the server now has (a save kept offline and sent later) is no edit any more.
  const pending = useMemo(() => editsFromDraft(edits, formValuesOf(saved)), [edits, saved]);
  const values = withEdits(savedValues, pending);
  const dirty = hasEdits(pending);

  // Every keystroke is kept in the browser until saved: a reload or a failed save loses nothing.
  useEffect(() => {
    if (hasEdits(pending)) writeEntry(settingsDraftEntry, { draft: pending }, userId);
    else removeEntry(settingsDraftEntry);
  }, [userId, pending]);

  const edit = (field: DoctorSettingsField, value: string) => {
    setEdits((current) => applyEdit(current, savedValues, field, value));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const update =
    (field: DoctorSettingsField) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      edit(field, event.target.value);
    };

  const submit = () => {
    if (busy) return;
    const result = validateSettingsForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      show('Corrija os campos destacados antes de salvar.', 'error');
      return;
    }
    setErrors({});
    const submitted = values;
    // Only the fields changed here: another tab's edits of the others are kept (PATCH).
    save.mutate(changedSettings(result.settings, pending), {
      onSuccess: () => {
        setEdits((current) => editsAfterSave(current, submitted));
        setShowRestoredNotice(false);
        show('Configurações salvas com sucesso!');
      },
      onError: (error) => {
        show(`${error.message} Suas alterações continuam aqui.`, 'error');
      },
    });
  };

  const confirmReset = () => {
    if (busy) return;
    reset.mutate(undefined, {
      onSuccess: () => {
        setEdits({});
        setErrors({});
        setShowRestoredNotice(false);
        show('Configurações resetadas!');
      },
      onError: (error) => show(error.message, 'error'),
    });
  };

  const field = (name: DoctorSettingsField) => ({
    name,
    value: values[name],
    onChange: update(name),
    error: errors[name],
  });

  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-line bg-surface px-6 py-4">
        <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-fg">
          Configurações
        </h1>
        <p className="text-sm text-fg-muted">
          Seus dados preenchem as receitas, os prontuários impressos e a consulta mobile.
        </p>
      </header>
      <StatusToast notice={notice} />
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-6 py-8"
      >
        {showRestoredNotice && dirty && (
          <p className="rounded-md border border-line bg-surface-muted p-3 text-sm text-fg">
            Restauramos alterações que você ainda não tinha salvado.{' '}
            <button
              type="button"
              className="font-medium text-accent-fg underline"
              onClick={() => {
                setEdits({});
                setErrors({});
                setShowRestoredNotice(false);
              }}
            >
              Descartar alterações
            </button>
          </p>
        )}

        <Section title="Dados do médico">
          <TextField label="Nome completo" autoComplete="name" {...field('name')} />
          <div className="grid grid-cols-[1fr_8rem] gap-3">
            <TextField
              label="CRM"
              hint="O número, ou com a UF: 123456-SP."
              {...field('crm')}
              // '123456-SP' shows as 123456 and SP as soon as she leaves the field.
              onBlur={() => setEdits((current) => withCrmSplit(current, savedValues))}
            />
            <SelectField label="UF do CRM" {...field('crmState')}>
              <option value="">Selecione</option>
              {BRAZILIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label="CPF"
            inputMode="numeric"
            hint="Conferido com o do certificado digital que assina seus documentos."
            className="max-w-56"
            {...field('cpf')}
          />
          <div className="grid grid-cols-[1fr_10rem] gap-3">
            <TextField
              label="Especialidade"
              hint="Impressa nos documentos com o RQE."
              {...field('specialty')}
            />
            <TextField label="RQE" inputMode="numeric" {...field('rqe')} />
          </div>
          <TextField label="E-mail" type="email" autoComplete="email" {...field('doctorEmail')} />
        </Section>

        <Section title="Clínica">
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
            <TextField
              label="Nome da clínica"
              autoComplete="organization"
              hint="Impresso no cabeçalho dos documentos e receitas."
              {...field('clinicName')}
            />
            <TextField
              label="CNES"
              inputMode="numeric"
              hint="7 dígitos (opcional)."
              {...field('cnes')}
            />
          </div>
          <TextField
            label="Endereço da clínica"
            autoComplete="street-address"
            {...field('clinicAddress')}
          />
          <MaskedTextField
            label="Telefone da clínica"
            mask="phone"
            autoComplete="tel"
            placeholder="(11) 3456-7890"
            name="clinicPhone"
            value={values.clinicPhone}
            error={errors.clinicPhone}
            onValueChange={(text) => edit('clinicPhone', text)}
          />
        </Section>

        <Section title="Receitas">
          <TextField
            label="Nome na receita"
            hint="Como seu nome aparece na receita. Em branco, usa o nome completo."
            {...field('prescriptionName')}
          />
          <TextAreaField
            label="Texto da receita"
            rows={3}
            hint="Especialidade, RQE ou outra linha impressa no cabeçalho."
            {...field('prescriptionText')}
          />
          <TextField
            label="Receitas por página"
            type="number"
            inputMode="numeric"
            min={PRESCRIPTIONS_PER_PAGE.min}
            max={PRESCRIPTIONS_PER_PAGE.max}
            step={1}
            hint={`De ${PRESCRIPTIONS_PER_PAGE.min} a ${PRESCRIPTIONS_PER_PAGE.max}; padrão ${DEFAULT_DOCTOR_SETTINGS.prescriptionsPerPage}.`}
            className="max-w-32"
            {...field('prescriptionsPerPage')}
          />
        </Section>

        <Section title="Inteligência artificial">
          <label className="flex items-start gap-3 text-sm text-fg">
            <input
              type="checkbox"
              name="aiEnabled"
              className="mt-1 size-4"
              checked={values.aiEnabled !== 'false'}
              onChange={(event) =>
                setEdits((current) =>
                  applyEdit(current, savedValues, 'aiEnabled', String(event.target.checked)),
                )
              }
            />
            <span>
              Usar a IA do Prontu
              <span className="block text-fg-muted">
                Transcrição, extração, anamnese, sugestões, CID e chat. Desligada, o Prontu não
                chama IA nenhuma e você escreve o prontuário à mão (CFM 2.454/2026).
              </span>
            </span>
          </label>
          <AiUseSummary />
        </Section>

        <Section title="Modelos">
          <TextAreaField
            label="Modelo de prontuário"
            rows={10}
            hint={<VariableList names={RECORD_TEMPLATE_VARIABLES} />}
            {...field('medicalRecordOutput')}
          />
          <TextAreaField
            label="Modelo de receita"
            rows={10}
            hint={<VariableList names={PRESCRIPTION_TEMPLATE_VARIABLES} />}
            {...field('prescriptionTemplate')}
          />
        </Section>

        <TemplatePreview values={values} onNotice={show} />

        <div className="sticky bottom-[var(--install-banner-height,0px)] flex flex-wrap items-center gap-3 border-t border-line bg-page py-4">
          {/* aria-disabled, not disabled: the focused button must keep the focus while busy. */}
          <Button type="submit" aria-disabled={busy}>
            <Save aria-hidden="true" size={18} />
            {save.isPending ? 'Salvando...' : 'Salvar configurações'}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="danger" aria-disabled={busy}>
                <RotateCcw aria-hidden="true" size={18} /> Resetar configurações
              </Button>
            }
            title="Resetar configurações"
            question="Tem certeza que deseja resetar todas as configurações?"
            confirmLabel="Resetar"
            onConfirm={confirmReset}
          />
          {dirty && <span className="text-sm text-fg-muted">Alterações não salvas</span>}
        </div>
      </form>
      <TwoFactorSection />
      <SigningCertificateSection />
      <ValidationAddressSection />
      <ActiveSessions />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5">
      <legend className="px-1 text-base font-semibold text-fg">{title}</legend>
      {children}
    </fieldset>
  );
}

function VariableList({ names }: { names: readonly string[] }) {
  return (
    <>
      Variáveis: {names.map((name) => `{{${name}}}`).join(', ')}. As não preenchidas continuam
      visíveis.
    </>
  );
}
