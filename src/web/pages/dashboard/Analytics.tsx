/**
 * /dashboard/analytics: views and enquiries per day over the last 30 days, in total or for one listing,
 * with the conversion rate. Packages without analytics see what they would get and a link to /packages.
 */
import { useState } from 'react';
import { BarChart3, Eye, MessageSquare, Percent } from 'lucide-react';
import { Link } from 'react-router';
import { ANALYTICS_DAYS, conversionRate, type AnalyticsPoint } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAnalytics, usePackageStatus } from '../../features/provider/api.ts';
import { AnalyticsChart } from '../../features/provider/AnalyticsChart.tsx';
import { useProviderGuard } from '../../features/provider/use-provider-guard.ts';
import { useErrorToast } from '../../components/query-state.tsx';

const ALL = 'all';
/** The number columns keep a gap before them, so their headings never run together at 360 px. */
const NUMBER_HEADER = 'py-2 pl-3 text-right font-medium whitespace-nowrap';
const NUMBER_CELL = 'py-2 pl-3 text-right tabular-nums';
const sum = (points: AnalyticsPoint[], key: 'views' | 'enquiries') => points.reduce((s, p) => s + p[key], 0);

function Upsell() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">See how your listings perform</CardTitle>
        <CardDescription>
          Analytics are included in the Standard and Premium packages. Upgrade to see, for each listing and in
          total:
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Views per day over the last {ANALYTICS_DAYS} days</li>
          <li>Enquiries per day over the same period</li>
          <li>Your conversion rate: the share of views that became enquiries</li>
        </ul>
        <Button asChild>
          <Link to="/packages">View Packages</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Eye }) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-center justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
        <Icon aria-hidden="true" className="size-5 text-primary" />
      </CardContent>
    </Card>
  );
}

export default function Analytics() {
  const me = useProviderGuard('manage');
  const status = usePackageStatus(me !== null);
  const allowed = status.data?.hasAnalytics === true;
  const analytics = useAnalytics(me !== null && allowed);
  const [selected, setSelected] = useState(ALL);

  useErrorToast(analytics.isError, 'Failed to load analytics', { id: 'analytics-error' });

  if (!me) return null;

  const data = analytics.data;
  const listing = data?.listings.find((l) => l.id === selected);
  const points = listing?.points ?? data?.total ?? [];
  const views = sum(points, 'views');
  const enquiries = sum(points, 'enquiries');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex items-start gap-3">
        <BarChart3 aria-hidden="true" className="mt-1 size-6 text-primary" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-muted-foreground">
            Views and enquiries over the last {ANALYTICS_DAYS} days.
          </p>
        </div>
      </div>

      {status.isPending ? (
        <Skeleton className="h-80 rounded-xl" />
      ) : !allowed ? (
        <Upsell />
      ) : !data ? (
        <Skeleton className="h-80 rounded-xl" />
      ) : (
        <>
          <div className="grid gap-2 sm:max-w-sm">
            <Label htmlFor="analytics-listing">Listing</Label>
            <Select value={selected} onValueChange={setSelected}>
              <SelectTrigger id="analytics-listing" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All listings</SelectItem>
                {data.listings.map((l) => (
                  <SelectItem key={l.id} value={l.id}>
                    {l.title}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <section aria-label="Totals" className="grid gap-4 sm:grid-cols-3">
            <Stat label="Views" value={String(views)} icon={Eye} />
            <Stat label="Enquiries" value={String(enquiries)} icon={MessageSquare} />
            <Stat label="Conversion rate" value={`${conversionRate(views, enquiries)}%`} icon={Percent} />
          </section>
          <Card>
            <CardHeader>
              <CardTitle as="h2">{listing ? listing.title : 'All listings'}</CardTitle>
            </CardHeader>
            <CardContent>
              <AnalyticsChart points={points} title={listing ? listing.title : 'All listings'} />
            </CardContent>
          </Card>
          {data.listings.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Per listing</CardTitle>
              </CardHeader>
              {/* Scrolls sideways on a phone: focusable and named so a keyboard can scroll it. */}
              <CardContent
                className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                tabIndex={0}
                role="region"
                aria-label="Per listing table"
              >
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="min-w-32 py-2 pr-3 font-medium">
                        Listing
                      </th>
                      <th scope="col" className={NUMBER_HEADER}>
                        Views
                      </th>
                      <th scope="col" className={NUMBER_HEADER}>
                        Enquiries
                      </th>
                      <th scope="col" className={NUMBER_HEADER}>
                        Conversion
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.listings.map((l) => {
                      const v = sum(l.points, 'views');
                      const e = sum(l.points, 'enquiries');
                      return (
                        <tr key={l.id} className="border-b last:border-0">
                          <th scope="row" className="py-2 pr-3 font-normal [overflow-wrap:anywhere]">
                            {l.title}
                          </th>
                          <td className={NUMBER_CELL}>{v}</td>
                          <td className={NUMBER_CELL}>{e}</td>
                          <td className={NUMBER_CELL}>{conversionRate(v, e)}%</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
