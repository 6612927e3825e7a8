// 'New password' and 'Confirm new password', as Settings › Account and the reset-password page ask them.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { Input } from './ui/input.tsx';

export function NewPasswordFields({
  idPrefix,
  newPassword,
  confirmPassword,
  errors,
}: {
  /** Keeps the fields' ids unique on the page: `${idPrefix}-new-password`, `${idPrefix}-confirm-password`. */
  idPrefix: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-new-password`}
        label="New password"
        error={errors.newPassword?.message}
        hint={errors.newPassword ? undefined : 'At least 6 characters.'}
      >
        <Input type="password" autoComplete="new-password" {...newPassword} />
      </FormField>
      <FormField
        id={`${idPrefix}-confirm-password`}
        label="Confirm new password"
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...confirmPassword} />
      </FormField>
    </>
  );
}
