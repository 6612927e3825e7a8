/** How to pay: the bank details from site content, the amount and the reference to use. */
import type { AccessState } from '@domain/guide.ts';
import { rand } from '@domain/guide.ts';

export function PaymentInstructions({ state }: { state: AccessState }) {
  const rows: [string, string][] = [
    ['Bank', state.bank.bankName],
    ['Account name', state.bank.accountName],
    ['Account number', state.bank.accountNumber],
    ['Branch code', state.bank.branchCode],
    ['Amount', rand(state.amount)],
    ['Reference', state.reference],
  ];
  return (
    <section aria-labelledby="payment-instructions" className="rounded-xl border bg-secondary/40 p-4 sm:p-5">
      <h2 id="payment-instructions" className="text-lg font-semibold">
        Payment instructions
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Pay {rand(state.amount)} once by bank transfer (EFT) and use your email or phone number as the
        reference.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
