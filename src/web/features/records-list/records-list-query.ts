import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { RECORDS_PAGE_SIZE, withoutRecord } from '../../../shared/record-list-rules';
import type { RecordListPage } from '../../../shared/records-client';
import { ApiError, CONNECTION_ERROR } from '../../api-request';
import { browserRecordsClient } from '../../current-record/current-record';

/** The doctor's list in the cache; per doctor, so a second account never sees the first's. */
export const recordsListKey = (doctorId: string) => ['medical-records', doctorId] as const;

type RecordPages = InfiniteData<RecordListPage, string | undefined>;

/**
 * One page of the list, newest first. Failures become an {@link ApiError}: the server's message
 * with its status (the shared query client does not retry a 4xx), or the spec's connection
 * message when no answer came at all.
 */
async function fetchRecordsPage(lastEvaluatedKey: string | undefined): Promise<RecordListPage> {
  let answer: Awaited<ReturnType<typeof browserRecordsClient.list>>;
  try {
    answer = await browserRecordsClient.list({
      limit: RECORDS_PAGE_SIZE,
      ...(lastEvaluatedKey ? { lastEvaluatedKey } : {}),
    });
  } catch {
    throw new ApiError(CONNECTION_ERROR);
  }
  if (!answer.success) throw new ApiError(answer.error, answer.status);
  return answer.lastEvaluatedKey
    ? { records: answer.records, lastEvaluatedKey: answer.lastEvaluatedKey }
    : { records: answer.records };
}

/**
 * The doctor's records, 20 at a time ('Carregar Mais' asks for the next page). Refetched every
 * time the list is shown, since the record view changes records without telling this cache.
 */
export function useRecordsList(doctorId: string) {
  return useInfiniteQuery({
    queryKey: recordsListKey(doctorId),
    queryFn: ({ pageParam }) => fetchRecordsPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.lastEvaluatedKey,
    refetchOnMount: 'always',
  });
}

/** Takes a deleted record out of the loaded list at once, without reloading every page. */
export function useRemoveFromRecordsList(doctorId: string) {
  const queryClient = useQueryClient();
  return (id: string) => {
    const queryKey = recordsListKey(doctorId);
    queryClient.setQueryData<RecordPages>(queryKey, (data) =>
      data ? { ...data, pages: withoutRecord(data.pages, id) } : data,
    );
    // A fetch already on its way may still carry the record; its answer must not bring it back.
    if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
  };
}
