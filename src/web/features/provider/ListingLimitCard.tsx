/**
 * My Listings' limit card: the listings the package counts against its limit ('1 of 1 listing') and what
 * is counted, the package, Upgrade Now (to /packages); in demo mode no limit and the simulated Premium
 * package (decision 0047).
 */
import { Link } from 'react-router';
import { COUNTED_LISTINGS, listingLimitSummary } from '@domain/listing-count.ts';
import type { PackageStatus } from '@domain/providers.ts';
import { PackageBadge } from '../../components/package-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';

export function ListingLimitCard({ status }: { status: PackageStatus }) {
  const unlimited = status.maxListings === -1;
  const percent = unlimited
    ? 0
    : Math.min(100, (status.listingCount / Math.max(1, status.maxListings)) * 100);
  const { count, plan } = listingLimitSummary(status);
  // Demo mode and admins are treated as Premium, whatever the provider's own package.
  const shownType = status.source === 'package' ? status.packageType : 'premium';
  return (
    <Card className="py-4">
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium">{count}</span>
            <PackageBadge packageType={shownType} label={plan} className="whitespace-normal" />
          </p>
          {!unlimited && <Progress value={percent} aria-label="Listings used" className="h-2 max-w-sm" />}
          <p className="text-xs text-muted-foreground">{COUNTED_LISTINGS.limitNote}</p>
        </div>
        {status.source === 'package' && (
          <Button asChild size="sm" variant="outline">
            <Link to="/packages">Upgrade Now</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
