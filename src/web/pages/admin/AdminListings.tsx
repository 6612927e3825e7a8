import { ShieldCheck } from 'lucide-react';
import { ListingsModeration } from '../../features/admin/ListingsModeration.tsx';

/** /admin/listings: listing moderation. */
export default function AdminListings() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <ShieldCheck aria-hidden="true" className="size-6 text-primary" />
          Manage Listings
        </h1>
        <p className="mt-1 text-muted-foreground">Review new listings before they go live.</p>
      </div>
      <ListingsModeration />
    </div>
  );
}
