import { AuthShell } from '../features/auth/AuthShell.tsx';
import { ForgotPasswordForm } from '../features/auth/PasswordResetForms.tsx';

/** /auth/forgot-password: ask for a reset link by email. */
export default function ForgotPassword() {
  return (
    <AuthShell
      title="Forgot password?"
      description="Enter your email and we'll send you a link to reset your password."
    >
      <ForgotPasswordForm />
    </AuthShell>
  );
}
