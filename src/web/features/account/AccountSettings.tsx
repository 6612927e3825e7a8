// Settings › Account: change password (current one required; other sessions end) and change email
// (confirmed by a link sent to the new address).
import { useState } from 'react';
import { changeEmailSchema, changePasswordSchema } from '@domain/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useChangeEmail, useChangePassword } from './api.ts';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const busy = isSubmitting || change.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      reset();
      toast.success(message);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword']))
        toast.error(errorMessage(error, 'Failed to change your password'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="change-password-heading">
      <div>
        <h2 id="change-password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="text-sm text-muted-foreground">Your other devices will be signed out.</p>
      </div>
      <FormField
        id="account-current-password"
        label="Current password"
        error={errors.currentPassword?.message}
      >
        <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
      </FormField>
      <NewPasswordFields
        idPrefix="account"
        newPassword={register('newPassword')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        Change password
      </Button>
    </form>
  );
}

export function ChangeEmailForm({ email }: { email: string }) {
  const change = useChangeEmail();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(changeEmailSchema, { defaultValues: { newEmail: '' } });
  const busy = isSubmitting || change.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      reset();
      setSent(message);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['newEmail']))
        toast.error(errorMessage(error, 'Failed to change your email'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="change-email-heading">
      <div>
        <h2 id="change-email-heading" className="text-lg font-semibold">
          Change email
        </h2>
        <p className="text-sm text-muted-foreground">
          You sign in with <span className="font-medium break-all text-foreground">{email}</span>. We&apos;ll
          send a confirmation link to the new address, and tell the current one once it changes.
        </p>
      </div>
      {sent && (
        <p role="status" className="rounded-lg border border-primary/30 bg-secondary p-3 text-sm">
          {sent}
        </p>
      )}
      <FormField id="account-new-email" label="New email" error={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('newEmail')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        Send confirmation link
      </Button>
    </form>
  );
}
