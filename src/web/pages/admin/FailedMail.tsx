import { MailX } from 'lucide-react';
import { FailedMail } from '../../features/admin/FailedMail.tsx';

/** /admin/failed-mail: emails that could not be sent, with Retry. */
export default function FailedMailPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <MailX aria-hidden="true" className="size-6 text-primary" />
          Failed Emails
        </h1>
        <p className="mt-1 text-muted-foreground">
          Emails the server gave up on after repeated attempts. Retry sends one again.
        </p>
      </div>
      <FailedMail />
    </div>
  );
}
