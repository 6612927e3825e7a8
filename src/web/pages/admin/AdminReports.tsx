import { Flag } from 'lucide-react';
import { ReportsQueue } from '../../features/admin/ReportsQueue.tsx';

/** /admin/reports: reported listings and reviews, resolved from one queue. */
export default function AdminReports() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Flag aria-hidden="true" className="size-6 text-primary" />
          Reports
        </h1>
        <p className="mt-1 text-muted-foreground">
          Listings and reviews that visitors and users reported. Unpublish, remove or dismiss.
        </p>
      </div>
      <ReportsQueue />
    </div>
  );
}
