import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Doctor } from '../http/app-env';
import { forbidden, unauthorized } from '../http/errors';
import type { SessionVerifier } from './session-verifier';

/** Lets a request through only with a valid session, and puts its doctor on the context. */
export function requireDoctor(sessions: SessionVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const doctor = await sessions.doctorFor(c.req.header('cookie'));
    if (!doctor) throw unauthorized();
    c.set('doctor', doctor);
    await next();
  };
}

/**
 * The owner always comes from the session. A client may repeat its own user id (an older
 * client does); naming anyone else is refused.
 */
export function assertActingAsSelf(doctor: Doctor, claimedUserId: string | undefined): void {
  if (claimedUserId !== undefined && claimedUserId !== doctor.id) {
    throw forbidden('Você só pode acessar os seus próprios prontuários.');
  }
}

/** The doctor {@link requireDoctor} put on the context; only call it behind that middleware. */
export function currentDoctor(doctor: Doctor | undefined): Doctor {
  if (!doctor) throw new Error('requireDoctor did not run');
  return doctor;
}
