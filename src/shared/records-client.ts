import type {
  AddendumCreateInput,
  MedicalRecord,
  RecordAddendum,
  RecordCreateInput,
  RecordStatus,
  RecordUpdateInput,
} from './medical-record';

/**
 * A failed API call: the server's Portuguese message, the HTTP status, its stable code when it
 * gives one (e.g. `record_finalized`), and on 409 the current record.
 */
export interface ApiFailure {
  success: false;
  status: number;
  error: string;
  code?: string;
  record?: MedicalRecord;
}

export type ApiResult<T> = ({ success: true; status: number } & T) | ApiFailure;

/** Sends one request to the API; the caller decides about base URL, cookies and headers. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export interface RecordListPage {
  records: MedicalRecord[];
  lastEvaluatedKey?: string;
}

/**
 * The typed client of `/api/medical-records`, used by the web app and the tests alike.
 * @param transport - e.g. `(path, init) => fetch(path, { ...init, credentials: 'same-origin' })`
 */
export function createRecordsClient(transport: ApiTransport) {
  async function call<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
    const response = await transport(path, init);
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok && body.success === true) {
      return { ...(body as T), success: true, status: response.status };
    }
    return {
      success: false,
      status: response.status,
      // The server always explains itself in Portuguese; a bare status means something in
      // between (a proxy, the network) failed, and the doctor still reads Portuguese.
      error:
        typeof body.error === 'string'
          ? body.error
          : `Erro de comunicação com o servidor (HTTP ${response.status}). Tente novamente.`,
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      ...(body.record ? { record: body.record as MedicalRecord } : {}),
    };
  }
  const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const recordPath = (id: string) => `/api/medical-records/${encodeURIComponent(id)}`;

  return {
    create: (input: RecordCreateInput) =>
      call<{ recordId: string; record: MedicalRecord }>(
        '/api/medical-records',
        json('POST', input),
      ),
    get: (id: string) => call<{ record: MedicalRecord }>(recordPath(id), { method: 'GET' }),
    /** @param ifMatch - the version last seen; a newer one on the server answers 409 */
    update: (id: string, input: RecordUpdateInput, ifMatch?: number) =>
      call<{ record: MedicalRecord }>(
        recordPath(id),
        json('PUT', input, ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
      ),
    /** @param ifMatch - the version last seen; a newer one on the server answers 409 and stays */
    remove: (id: string, ifMatch?: number) =>
      call<object>(recordPath(id), {
        method: 'DELETE',
        ...(ifMatch === undefined ? {} : { headers: { 'if-match': `"${ifMatch}"` } }),
      }),
    /** Appends an addendum to a finalised record; answers it and the record as it now is. */
    addAddendum: (id: string, input: AddendumCreateInput) =>
      call<{ addendum: RecordAddendum; record: MedicalRecord }>(
        `${recordPath(id)}/addenda`,
        json('POST', input),
      ),
    list: (query: { status?: RecordStatus; limit?: number; lastEvaluatedKey?: string } = {}) => {
      const params = new URLSearchParams();
      if (query.status) params.set('status', query.status);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.lastEvaluatedKey) params.set('lastEvaluatedKey', query.lastEvaluatedKey);
      const search = params.size ? `?${params}` : '';
      return call<RecordListPage>(`/api/medical-records${search}`, { method: 'GET' });
    },
  };
}

export type RecordsClient = ReturnType<typeof createRecordsClient>;
