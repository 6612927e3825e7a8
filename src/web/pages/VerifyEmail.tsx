import { useSearchParams } from 'react-router';
import { AuthShell } from '../features/auth/AuthShell.tsx';
import { VerifyEmailResult } from '../features/auth/EmailVerification.tsx';
import { useMe } from '../lib/use-me.ts';

/** /auth/verify-email?token=…: the verification (or new address) link from the email. */
export default function VerifyEmail() {
  const [searchParams] = useSearchParams();
  const { data: me } = useMe();
  return (
    <AuthShell title="Verify email address" back={{ to: '/', label: 'Back to Home' }}>
      <VerifyEmailResult token={searchParams.get('token')} signedIn={Boolean(me)} />
    </AuthShell>
  );
}
