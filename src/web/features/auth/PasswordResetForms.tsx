// The forgot-password and reset-password forms (/auth/forgot-password, /auth/reset-password?token=…).
import { useState } from 'react';
import { Link } from 'react-router';
import {
  PASSWORD_UPDATED,
  RESET_LINK_INVALID,
  forgotPasswordSchema,
  resetPasswordFormSchema,
} from '@domain/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useForgotPassword, useResetPassword } from './account-api.ts';
import { AuthNotice } from './AuthShell.tsx';

/** Email and 'Send reset link'; the same answer whether or not the account exists. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const busy = isSubmitting || forgot.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email']))
        toast.error(errorMessage(error, 'Failed to send the reset link'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
      {sent && <AuthNotice>{sent}</AuthNotice>}
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        Send reset link
      </Button>
    </form>
  );
}

/** 'New password', 'Confirm new password' and 'Reset password'; then the way to sign in. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const [invalid, setInvalid] = useState(!token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(resetPasswordFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const busy = isSubmitting || reset.isPending;

  if (reset.isSuccess)
    return (
      <div className="grid gap-4">
        <AuthNotice>{PASSWORD_UPDATED}</AuthNotice>
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">Sign In</Link>
        </Button>
      </div>
    );
  if (invalid || !token)
    return (
      <div className="grid gap-4">
        <AuthNotice tone="error">{RESET_LINK_INVALID}</AuthNotice>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/auth/forgot-password">Send a new link</Link>
        </Button>
      </div>
    );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
    } catch (error) {
      if (applyServerErrors(error, setError, ['newPassword', 'confirmPassword'])) return;
      const message = errorMessage(error, 'Failed to reset your password');
      if (message === RESET_LINK_INVALID) setInvalid(true);
      else toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <NewPasswordFields
        idPrefix="reset"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        Reset password
      </Button>
    </form>
  );
}
