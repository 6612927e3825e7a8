/**
 * Sign-up and sign-in validation shared by the server (request bodies) and the web app (forms), and the
 * shape of the signed-in user's /me view that both sides read. No I/O here.
 */
import { z } from 'zod';
import { LIMITS, ROLES } from './constants.ts';
import { formGuardShape } from './spam.ts';
import { signUpConsentShape } from './legal.ts';
import { text } from './text.ts';

const fullName = text()
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be less than 100 characters');

const email = text()
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be less than 255 characters')
  .email('Invalid email address');

const newPassword = text()
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/** Package types are lower case with underscores (see normalisePackageType in packages.ts). */
export const packageTypeSchema = text()
  .max(50, 'Invalid package type')
  .regex(/^[a-z0-9_]+$/, 'Invalid package type');

/** Body of POST /api/auth/sign-up. */
export const signUpRequestSchema = z.object({
  fullName,
  email,
  password: newPassword,
  packageType: packageTypeSchema.optional(),
  // Both boxes are required (decision 0055): the server refuses a sign-up without them.
  ...signUpConsentShape,
});

/** Body of POST /api/auth/sign-up as sent: the account's fields and the form guard's (decision 0059). */
export const signUpBodySchema = signUpRequestSchema.extend(formGuardShape);

/** The sign-up form: the request plus a confirmation that must match the password. */
export const signUpFormSchema = signUpRequestSchema
  .extend({
    confirmPassword: text().min(1, 'Please confirm your password'),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** Body of POST /api/auth/sign-in (and the sign-in form). */
export const signInSchema = z.object({
  email,
  password: text()
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});

export type SignUpRequest = z.infer<typeof signUpRequestSchema>;
export type SignUpBody = z.infer<typeof signUpBodySchema>;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.infer<typeof signUpFormSchema>;
export type SignInRequest = z.infer<typeof signInSchema>;
export type SignInFormInput = z.input<typeof signInSchema>;

/** GET /api/me: the signed-in user, their profile, effective role and roles, provider record and demo mode. */
export const meSchema = z.object({
  /** `emailVerified`: whether the address was confirmed through its link (notifications need it). */
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() }),
  profile: z
    .object({
      fullName: z.string().nullable(),
      phone: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  role: z.enum(ROLES),
  roles: z.array(z.string()),
  provider: z
    .object({
      id: z.string(),
      businessName: z.string(),
      packageType: z.string(),
      packageExpiresAt: z.string().nullable(),
      paymentStatus: z.string(),
    })
    .nullable(),
  demoMode: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** Answer of POST /api/auth/sign-up: the new session's /me view and the chosen package's state, if any. */
export const signUpResponseSchema = z.object({
  me: meSchema,
  packageStatus: z.enum(['active', 'pending']).nullable(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** Answer of POST /api/auth/sign-in. */
export const signInResponseSchema = z.object({ me: meSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;
