import { ListPlus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { RECORD_LIMITS } from '@shared/records/medical-record';
import type { WorkingRecord } from '@shared/records/flow';
import { codedDiagnoses, diagnosisLine } from '@shared/records/diagnoses';
import {
  addCidToAssessment,
  assessmentHasCid,
  type CidSuggestion,
} from '@shared/records/step-rules';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-field';
import { reportAiOutcome, useAiBlock, type AiUseRef } from '../../../data/ai-use';
import { useOpenRecordActions } from '../../../data/open-record';
import { useAssessmentEnhancement } from '../../../data/ai-tasks';
import { CidSearchPanel } from './cid-search-panel';
import { BackButton, ContinueButton, QuietNotice, StepLayout, usePartWriter } from './step-layout';

type Enhancement =
  | { status: 'idle' }
  | { status: 'unavailable'; notice: string | undefined }
  | { status: 'done'; suggestedCIDs: CidSuggestion[]; offline: boolean; use?: AiUseRef };

/**
 * docs/product.md, "Etapa Avaliação": the diagnostic hypotheses, AI formatting and CID-10 codes.
 */
export function AssessmentStep({ record }: { record: WorkingRecord }) {
  const write = usePartWriter(record, 'assessment');
  const actions = useOpenRecordActions();
  const aiBlock = useAiBlock(record.patientId).reason;
  const assessment = record.assessment ?? '';
  const [cidPanelOpen, setCidPanelOpen] = useState(false);
  const [enhancement, setEnhancement] = useState<Enhancement>({ status: 'idle' });
  const enhance = useAssessmentEnhancement();

  const addCid = (cid: { code: string; description: string }) => {
    write((current) => addCidToAssessment(current, cid));
  };

  const format = () => {
    const text = assessment;
    // The last answer's notice and CIDs go while the new one is asked for.
    setEnhancement({ status: 'idle' });
    enhance.mutate(
      { text, record },
      {
        onSuccess: (answer) => {
          if (answer.source === 'fallback') {
            setEnhancement({ status: 'unavailable', notice: answer.notice });
            return;
          }
          // Only replace what the doctor had when asking: text typed meanwhile is not
          // overwritten, and the rewrite is then discarded.
          const untouched = actions.record?.id === record.id && actions.record.assessment === text;
          if (untouched) write(() => answer.improvedText);
          reportAiOutcome(answer.use, untouched ? 'accepted' : 'discarded');
          setEnhancement({
            status: 'done',
            suggestedCIDs: answer.suggestedCIDs,
            offline: answer.source === 'offline',
            ...(untouched && answer.use ? { use: answer.use } : {}),
          });
        },
      },
    );
  };

  const type = (text: string) => {
    write(() => text);
    // The rewrite, once in the text, changed by hand.
    if (enhancement.status === 'done') reportAiOutcome(enhancement.use, 'edited');
  };

  return (
    <StepLayout
      title="Avaliação"
      footer={
        <>
          <BackButton />
          <ContinueButton />
        </>
      }
    >
      <TextAreaField
        label="Avaliação e hipóteses diagnósticas"
        rows={10}
        maxLength={RECORD_LIMITS.longText}
        value={assessment}
        onChange={(event) => type(event.target.value)}
      />
      <CodedDiagnoses assessment={assessment} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          disabled={!assessment.trim() || enhance.isPending || aiBlock !== undefined}
          onClick={format}
        >
          <Sparkles aria-hidden className="size-4" />
          {enhance.isPending ? 'Formatando...' : 'Formatar com IA'}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={cidPanelOpen}
          onClick={() => setCidPanelOpen((open) => !open)}
        >
          <ListPlus aria-hidden className="size-4" />
          Adicionar CIDs
        </Button>
      </div>
      {aiBlock && <QuietNotice>{aiBlock}: a avaliação é escrita sem IA.</QuietNotice>}
      {enhancement.status === 'unavailable' && (
        <QuietNotice>
          Formatação por IA indisponível no momento; texto mantido.
          {enhancement.notice ? ` ${enhancement.notice}` : ''}
        </QuietNotice>
      )}
      {enhancement.status === 'done' && enhancement.suggestedCIDs.length > 0 && (
        <section className="flex flex-col gap-2 rounded-md border border-line p-4">
          <h3 className="text-sm font-semibold text-fg">
            {enhancement.offline ? 'CIDs sugeridos (Modo offline)' : 'CIDs sugeridos pela IA'}
          </h3>
          <ul className="flex flex-col gap-2">
            {enhancement.suggestedCIDs.map((cid) => {
              const added = assessmentHasCid(assessment, cid.code);
              return (
                <li
                  key={cid.code}
                  className="flex flex-col gap-2 text-sm text-fg sm:flex-row sm:items-center sm:justify-between"
                >
                  <span>
                    <span className="font-mono font-semibold">{cid.code}</span> — {cid.description}
                  </span>
                  <Button
                    variant={added ? 'ghost' : 'secondary'}
                    disabled={added}
                    aria-label={`${added ? 'Adicionado' : 'Adicionar'} ${cid.code}`}
                    onClick={() => addCid(cid)}
                  >
                    {added ? 'Adicionado' : 'Adicionar'}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {cidPanelOpen && (
        <CidSearchPanel
          assessment={assessment}
          patientSex={record.patientInfo?.gender}
          patientAge={record.patientInfo?.age}
          onAdd={addCid}
        />
      )}
    </StepLayout>
  );
}

/**
 * The visit's coded diagnoses as docs/product.md, "Diagnósticos codificados", reads them from the
 * assessment: what the export and the printed record will carry, shown while she writes.
 */
function CodedDiagnoses({ assessment }: { assessment: string }) {
  const diagnoses = codedDiagnoses(assessment);
  if (diagnoses.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        Nenhum diagnóstico codificado. Use &quot;Adicionar CIDs&quot; ou escreva o código após
        &quot;CID-10&quot; (por exemplo, &quot;HAS (CID-10 I10)&quot;).
      </p>
    );
  }
  return (
    <section aria-labelledby="coded-diagnoses" className="flex flex-col gap-1">
      <h3 id="coded-diagnoses" className="text-sm font-semibold text-fg">
        Diagnósticos codificados (CID-10)
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-fg">
        {diagnoses.map((diagnosis) => (
          <li key={diagnosis.code}>{diagnosisLine(diagnosis)}</li>
        ))}
      </ul>
    </section>
  );
}
