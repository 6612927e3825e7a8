/** Payload fields shared by the templates' schemas. */
import { z } from 'zod';

export const name = z.string().trim().min(1).max(200);
export const email = z.email().max(255);
export const id = z.string().min(1).max(100);
export const title = z.string().trim().min(1).max(300);
export const longText = z.string().trim().min(1).max(5000);
export const isoDate = z.iso.datetime({ offset: true });
/** A single-use token that goes into a link (reset, verification). */
export const token = z.string().regex(/^[A-Za-z0-9._~-]{16,512}$/);
