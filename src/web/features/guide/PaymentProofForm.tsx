/** 'Payment Reference / Proof Number' and 'Submit Payment Proof' (required, trimmed, length-limited). */
import { toast } from '../../lib/toast.ts';
import { GUIDE_MESSAGES, paymentProofSchema } from '@domain/guide.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useSubmitPaymentProof } from './api.ts';

export function PaymentProofForm() {
  const submit = useSubmitPaymentProof();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(paymentProofSchema, { defaultValues: { paymentReference: '' } });
  const busy = isSubmitting || submit.isPending;

  const onSubmit = handleSubmit(async ({ paymentReference }) => {
    if (submit.isPending) return;
    try {
      await submit.mutateAsync(paymentReference);
      reset();
      toast.success(GUIDE_MESSAGES.proofSubmitted);
    } catch (error) {
      applyServerErrors(error, setError, ['paymentReference']);
      toast.error(errorMessage(error, GUIDE_MESSAGES.proofFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Submit payment proof">
      <FormField
        id="payment-reference"
        label="Payment Reference / Proof Number"
        required
        error={errors.paymentReference?.message}
        hint={errors.paymentReference ? undefined : 'The reference or proof number from your bank transfer.'}
      >
        <Input autoComplete="off" placeholder="e.g. EFT123456" {...register('paymentReference')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        Submit Payment Proof
      </Button>
      <p className="text-sm text-muted-foreground">
        An admin reviews every payment within 24 hours. You will be able to read the guide as soon as it is
        approved.
      </p>
    </form>
  );
}
