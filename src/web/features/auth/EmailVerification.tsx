// Email verification: the page a verification link opens, and the dashboard's reminder with 'Resend email'.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MailWarning } from 'lucide-react';
import { VERIFY_EMAIL_NOTICE, VERIFY_LINK_INVALID } from '@domain/account.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useResendVerification, useVerifyEmail } from './account-api.ts';
import { AuthNotice } from './AuthShell.tsx';

/** Opens the link's token once and says how it went. */
export function VerifyEmailResult({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = signedIn ? { to: '/dashboard', label: 'Go to Dashboard' } : { to: '/auth', label: 'Sign In' };
  if (!token || verify.isError)
    return (
      <AuthNotice tone="error">
        {verify.isError ? errorMessage(verify.error, VERIFY_LINK_INVALID) : VERIFY_LINK_INVALID}
      </AuthNotice>
    );
  if (!verify.isSuccess)
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner label={null} />
        Checking your link...
      </p>
    );
  return (
    <div className="grid gap-4">
      <AuthNotice>{verify.data.message}</AuthNotice>
      <Button asChild size="lg" className="w-full">
        <Link to={next.to}>{next.label}</Link>
      </Button>
    </div>
  );
}

/** Shown on the dashboard until the address is verified. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (data) => toast.success(data.message),
      onError: (error) => toast.error(errorMessage(error, 'Failed to send the email')),
    });
  return (
    <section
      aria-label="Email verification"
      className="flex flex-col gap-3 rounded-xl border border-gold/50 bg-gold/15 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <MailWarning
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-gold-foreground dark:text-foreground"
        />
        <div className="text-sm">
          <p className="font-semibold">{VERIFY_EMAIL_NOTICE}</p>
          <p className="mt-0.5 text-muted-foreground">
            We sent a link to <span className="break-all">{email}</span>. Verified addresses receive enquiry
            and reply notifications.
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        onClick={onResend}
        disabled={resend.isPending}
        aria-busy={resend.isPending}
      >
        {resend.isPending && <Spinner label={null} />}
        Resend email
      </Button>
    </section>
  );
}
