/**
 * What a mail template is: its kind (stored in the outbox), its notification category, the zod schema of
 * its payload (checked when the message is enqueued and again when it is rendered), its subject, an
 * optional Reply-To, the React email and sample data for previews and tests.
 */
import type { ReactElement } from 'react';
import type { z } from 'zod';
import type { MailCategory } from '../../../domain/notifications.ts';
import type { MailContext } from './layout.tsx';

export interface MailTemplate<S extends z.ZodType = z.ZodType> {
  kind: string;
  category: MailCategory;
  schema: S;
  subject: (payload: z.output<S>, ctx: MailContext) => string;
  replyTo?: (payload: z.output<S>) => string | undefined;
  Email: (props: { payload: z.output<S>; ctx: MailContext }) => ReactElement;
  sample: z.input<S>;
}

/** Keeps each template's payload type attached to its functions. */
export function defineTemplate<const K extends string, S extends z.ZodType>(
  template: MailTemplate<S> & { kind: K },
): MailTemplate<S> & { kind: K } {
  return template;
}
