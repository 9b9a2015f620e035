import type { JSX } from 'react';
import type { WorkingRecord } from '@shared/records/flow';
import { AssessmentStep } from './assessment-step';
import { FinishVisitProvider } from './finish-visit';
import { PatientInfoStep } from './patient-info-step';
import { PhysicalExamStep } from './physical-exam-step';
import { PlanStep } from './plan-step';
import { PrescriptionsStep } from './prescriptions-step';
import { PrintSummaryStep } from './print-summary-step';
import type { SessionDoctor } from '../../../data/auth-client';
import { StepReadOnlyContext } from './step-layout';
import { SymptomsStep } from './symptoms-step';

/**
 * The form of the record's current step (docs/product.md, "Prontuário SOAP"). The frame around it
 * (step bar, header, view tabs, progress) belongs to the record view.
 * @param props.onFinalized - called once 'Finalizar consulta' finalised the record (on the server,
 *   or on this device while the server cannot be reached)
 * @param props.onOpenReport - 'Ver relatório' on a finalised record's summary
 */
export function RecordStepScreen(props: {
  record: WorkingRecord;
  /** Who signs what the record prints. */
  doctor: SessionDoctor;
  onFinalized: () => void;
  onOpenReport: () => void;
}): JSX.Element {
  return (
    // Keyed by record and step: local drafts belong to one record's one step, and a step left
    // unmounts, which commits its pending draft. What finalising found missing outlives the step.
    <FinishVisitProvider record={props.record} onFinalized={props.onFinalized}>
      <div key={`${props.record.id}:${props.record.currentStep}`}>
        {/* A finalised record's steps are read, not edited; the summary still prints. */}
        <StepReadOnlyContext
          value={
            props.record.status === 'finalizado' && props.record.currentStep !== 'print-summary'
          }
        >
          <StepForm {...props} />
        </StepReadOnlyContext>
      </div>
    </FinishVisitProvider>
  );
}

function StepForm(props: {
  record: WorkingRecord;
  doctor: SessionDoctor;
  onOpenReport: () => void;
}): JSX.Element {
  const { record } = props;
  switch (record.currentStep) {
    case 'patient-info':
      return <PatientInfoStep record={record} />;
    case 'symptoms':
      return <SymptomsStep record={record} />;
    case 'physical-exam':
      return <PhysicalExamStep record={record} />;
    case 'assessment':
      return <AssessmentStep record={record} />;
    case 'prescriptions':
      return <PrescriptionsStep record={record} />;
    case 'plan':
      return <PlanStep record={record} />;
    case 'print-summary':
      return (
        <PrintSummaryStep record={record} doctor={props.doctor} onOpenReport={props.onOpenReport} />
      );
  }
}
