import type { ReactNode } from 'react';
import { Slot } from './ui/slot.tsx';
import { cn } from '../lib/utils.ts';
import { Label } from './ui/label.tsx';

export interface FormFieldProps {
  /** The control's id; the label points at it and the messages are named after it. */
  id: string;
  label: ReactNode;
  /** Validation message shown under the control (announced, and linked with aria-describedby). */
  error?: string | undefined;
  /** Optional help text under the control. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Exactly one control element (Input, Textarea, SelectTrigger…). It receives id and aria attributes. */
  children: ReactNode;
}

/** Label + control + hint + error, wired for assistive technology. */
export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
