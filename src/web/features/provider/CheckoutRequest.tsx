/**
 * The signed-in part of /checkout (issue 28 item 2, decision 0039). A provider's arrival records the chosen
 * package as a request (once: the server keeps one open request, so a second arrival finds the first) and
 * says what happens next; their current package stays until an admin activates the new one. A signed-in
 * user without a business is sent to set one up first. Visitors who are not signed in see nothing here.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CircleCheck, Clock, Store } from 'lucide-react';
import { PACKAGE_REQUEST_MESSAGES } from '@domain/package-requests.ts';
import type { PublicPackage } from '@domain/listings.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/use-me.ts';
import { useRequestPackage } from './api.ts';

export function CheckoutRequest({ pkg }: { pkg: PublicPackage }) {
  const { data: me } = useMe();
  const request = useRequestPackage();
  const asked = useRef<string | null>(null);
  const isProvider = Boolean(me?.provider);

  useEffect(() => {
    if (!isProvider || asked.current === pkg.packageType) return;
    asked.current = pkg.packageType;
    request.mutate(pkg.packageType);
  }, [isProvider, pkg.packageType, request]);

  if (!me) return null;
  if (!me.provider) {
    return (
      <Card>
        <CardHeader className="flex-row items-start gap-3">
          <Store aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <div className="space-y-3">
            <CardTitle as="h2">Set up your business first</CardTitle>
            <CardDescription>
              Packages belong to service providers. Tell us about your business, then choose your package.
            </CardDescription>
            <Button asChild size="sm">
              <Link to="/dashboard/become-provider">Become a Service Provider</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>
    );
  }
  if (request.isError) {
    const message = errorMessage(request.error, 'Could not record your request.');
    return (
      <Card role="alert" className="border-destructive/60">
        <CardHeader className="gap-3">
          <CardTitle as="h2">Request not recorded</CardTitle>
          <CardDescription>{message}</CardDescription>
          <Button size="sm" className="self-start" onClick={() => request.mutate(pkg.packageType)}>
            Try again
          </Button>
        </CardHeader>
      </Card>
    );
  }
  if (!request.data) {
    return (
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner className="size-4" /> Recording your request…
      </p>
    );
  }
  const recorded = request.data;
  return (
    <Card className="border-primary/40" role="status" aria-label="Package request">
      <CardHeader className="flex-row items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="space-y-1.5">
          <CardTitle as="h2">Request recorded</CardTitle>
          <CardDescription>
            {PACKAGE_REQUEST_MESSAGES.pending(recorded.packageName, recorded.kind)}
          </CardDescription>
          {recorded.kind === 'upgrade' && (
            <CardDescription className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              You keep your current package until then.
            </CardDescription>
          )}
        </div>
      </CardHeader>
    </Card>
  );
}
