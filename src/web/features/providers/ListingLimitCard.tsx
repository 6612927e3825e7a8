/** 'n of max listings' with Upgrade Now (to /packages); unlimited in demo mode. */
import { Link } from 'react-router';
import type { PackageStatus } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';

export function ListingLimitCard({ status }: { status: PackageStatus }) {
  const unlimited = status.maxListings === -1;
  const percent = unlimited
    ? 0
    : Math.min(100, (status.listingCount / Math.max(1, status.maxListings)) * 100);
  return (
    <Card className="py-4">
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm font-medium">
            {unlimited
              ? `${status.listingCount} listings (unlimited)`
              : `${status.listingCount} of ${status.maxListings} listings`}
            <span className="text-muted-foreground"> · {status.packageName} package</span>
          </p>
          {!unlimited && <Progress value={percent} aria-label="Listings used" className="h-2 max-w-sm" />}
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
