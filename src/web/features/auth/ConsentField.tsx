// A consent box of the sign-up form: a native checkbox with its label (which may hold links) and message.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function ConsentField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="pl-8 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A link to a policy that opens beside the form, so what was typed stays. */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
