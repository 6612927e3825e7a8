import { useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** Back to where the visitor came from in this app, else to /browse. */
export function BackButton() {
  const navigate = useNavigate();
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/browse');
  };
  return (
    <Button variant="ghost" onClick={onBack} className="-ml-3">
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );
}

export function ListingDetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-3" aria-busy="true" aria-label="Loading listing">
      <Skeleton className="aspect-[4/3] w-full rounded-xl lg:col-span-2" />
      <div className="space-y-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </div>
  );
}

/** For the owner or an admin viewing a listing the public cannot see yet (or any more). */
export function ListingStatusNotice({ status }: { status: ListingDetailData['status'] }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-lg border border-warning/50 bg-warning/15 px-4 py-3 text-sm text-warning-foreground"
    >
      This listing is {status === 'pending' ? 'awaiting approval' : 'rejected'} and is not visible to the
      public.
    </p>
  );
}

export function ListingDescription({ description }: { description: string }) {
  return (
    <section aria-labelledby="description-heading">
      <h2 id="description-heading" className="text-xl font-semibold">
        Description
      </h2>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-foreground/85">{description}</p>
    </section>
  );
}
