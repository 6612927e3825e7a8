import type { Ref } from 'react';
import { FORM_GUARD, FORM_GUARD_MESSAGES } from '@domain/spam.ts';

/**
 * The form guard's honeypot (decision 0059): a text field people never meet — off screen, hidden from
 * screen readers (aria-hidden wrapper), out of the tab order, not autofilled — and bots fill in. Its value
 * travels through `useFormGuard`'s `honeypotRef`.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[10000px] top-0 h-px w-px overflow-hidden"
    >
      <label htmlFor={id}>{FORM_GUARD_MESSAGES.honeypotLabel}</label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        name={FORM_GUARD.honeypotField}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
