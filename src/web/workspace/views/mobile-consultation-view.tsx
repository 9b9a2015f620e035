import { ArrowLeft } from 'lucide-react';
import { formatCrm, isDoctorProfileConfigured } from '../../../shared/doctor-settings';
import { useDoctorSettings } from '../../doctor-settings';
import { Button } from '../../ui/button';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import { UnderConstruction } from './under-construction';
import type { WorkspaceViewProps } from '../../workspace-views';

/**
 * The voice consultation, full screen (spec §2). It shows the doctor's name and CRM from the
 * settings; recording arrives with the voice issue.
 */
export default function MobileConsultationView({ doctor, openView }: WorkspaceViewProps) {
  const settings = useDoctorSettings(doctor.id).data;
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-6 px-4 py-6">
      <div>
        <Button variant="secondary" onClick={() => openView('chat')}>
          <ArrowLeft aria-hidden="true" size={18} /> Voltar ao Chat
        </Button>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-fg">
        Consulta Mobile
      </h1>
      {settings && isDoctorProfileConfigured(settings) ? (
        <p className="text-fg">
          {settings.name} · {formatCrm(settings)}
        </p>
      ) : (
        <p className="text-fg-muted">
          Modo de teste: preencha seu nome e CRM em Configurações para identificar a consulta.
        </p>
      )}
      <UnderConstruction>
        A gravação da consulta, a transcrição e o preenchimento automático do prontuário estarão
        disponíveis em breve.
      </UnderConstruction>
    </div>
  );
}
