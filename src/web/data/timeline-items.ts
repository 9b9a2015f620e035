import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readPrescription } from './prescriptions';
import { readRecordFresh } from './records';

/** What opening an item of a patient's timeline found, for the chart to show. */
export type OpenedTimelineItem =
  | { kind: 'record'; record: Awaited<ReturnType<typeof readRecordFresh>> }
  | { kind: 'prescription'; prescription: Awaited<ReturnType<typeof readPrescription>> };

/**
 * Reads a visit or a receita of a patient's timeline fresh from the server (another tab may have
 * changed it), to open it. Pending while it reads; its `variables` say which item.
 */
export function useOpenTimelineItem() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (item: {
      kind: 'record' | 'prescription';
      id: string;
    }): Promise<OpenedTimelineItem> =>
      item.kind === 'record'
        ? { kind: 'record', record: await readRecordFresh(cache, item.id) }
        : { kind: 'prescription', prescription: await readPrescription(cache, item.id) },
  });
}
