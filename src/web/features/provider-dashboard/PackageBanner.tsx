/**
 * The package warning banner on the provider dashboard, My Listings and Create Listing: expired (Renew
 * Package), payment pending, 7 days or fewer left (the spec's sentence) and listing limit reached (Upgrade
 * Package). Hidden in demo mode and for admins (packageWarnings gives none then).
 */
import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { expiringMessage, packageWarnings, PACKAGE_MESSAGES, type PackageStatus } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';

export function PackageBanner({ status }: { status: PackageStatus | null | undefined }) {
  if (!status) return null;
  const warnings = packageWarnings(status);
  if (warnings.length === 0) return null;
  const expired = warnings.some((w) => w.kind === 'expired');
  return (
    <div
      role="status"
      aria-label="Package status"
      className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <ul className="space-y-1 text-sm font-medium">
        {warnings.map((w) => (
          <li key={w.kind} className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {w.kind === 'expired' && PACKAGE_MESSAGES.expired}
              {w.kind === 'pending' && PACKAGE_MESSAGES.paymentPending}
              {w.kind === 'expiring' && expiringMessage(w.days)}
              {w.kind === 'limit' && PACKAGE_MESSAGES.limitReached}
            </span>
          </li>
        ))}
      </ul>
      <Button asChild size="sm" className="shrink-0">
        <Link to="/packages">{expired ? 'Renew Package' : 'Upgrade Package'}</Link>
      </Button>
    </div>
  );
}
