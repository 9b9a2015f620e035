import type { WorkspaceViewProps } from '../../data/workspace-views';
import { PatientChart } from './patient-chart';
import { PatientList } from './patient-list';

/**
 * 'Pacientes' (`?view=patients`): the doctor's patients, and one patient's chart when the
 * address names her (`&patient=<id>`).
 */
export default function PatientsView(props: WorkspaceViewProps) {
  if (props.patientId === undefined) return <PatientList onOpen={props.openPatient} />;
  return (
    <PatientChart
      // Another patient is another chart: nothing of the last one's dialogs or errors stays.
      key={props.patientId}
      patientId={props.patientId}
      doctor={props.doctor}
      openView={props.openView}
      openPatient={props.openPatient}
      preloadView={props.preloadView}
    />
  );
}
