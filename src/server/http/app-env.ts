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
  };
}
