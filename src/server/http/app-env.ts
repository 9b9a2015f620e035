import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../logger';

/** The signed-in doctor, as the session identifies them. */
export interface Doctor {
  id: string;
  name: string;
  email: string;
}

/** Variables every request handler can read from the Hono context. */
export interface AppEnv {
  /** Node's request and response, under the web Request Hono hands to handlers. */
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    log: Logger;
    doctor: Doctor | undefined;
    /**
     * The ids of the entities a list (or a batch's read) handed over, or the patient whose
     * history an AI answer drew on, set by its route for the audit trail (audit/audit-trail.ts)
     * — read from what it answered, never parsed back.
     */
    listedIds: readonly string[] | undefined;
  };
}
