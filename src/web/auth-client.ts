import { createAuthClient } from 'better-auth/react';

/** The accounts client: same origin, cookies only (the session never reaches JavaScript). */
export const authClient = createAuthClient({ basePath: '/api/auth' });
