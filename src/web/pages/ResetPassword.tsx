import { useSearchParams } from 'react-router';
import { AuthShell } from '../features/auth/AuthShell.tsx';
import { ResetPasswordForm } from '../features/auth/PasswordResetForms.tsx';

/** /auth/reset-password?token=…: the reset link from the email. */
export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  return (
    <AuthShell title="Reset password" description="Choose a new password for your account.">
      <ResetPasswordForm token={searchParams.get('token')} />
    </AuthShell>
  );
}
