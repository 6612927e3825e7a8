/** Sign-up and sign-in validation shared by the server (request bodies) and the web app (forms). No I/O here. */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
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
});

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

/** Alias kept for readers who look for the short name. */
export const signUpSchema = signUpRequestSchema;

export type SignUpRequest = z.infer<typeof signUpRequestSchema>;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.infer<typeof signUpFormSchema>;
export type SignInRequest = z.infer<typeof signInSchema>;
export type SignInFormInput = z.input<typeof signInSchema>;
