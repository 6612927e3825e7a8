/** The session as the API answers it, typed from the schemas in src/domain/auth.ts (shared with the server). */
import type { z } from 'zod';
import type { meSchema, signInResponseSchema, signUpResponseSchema } from '@domain/auth.ts';

/** GET /api/me */
export type Me = z.infer<typeof meSchema>;
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
