import { Link } from 'react-router';
import { BadgeCheck, Crown, Store } from 'lucide-react';
import { imageVariant } from '@domain/format.ts';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { PackageBadge } from '../../components/package-badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ProviderContactList } from './ProviderContact.tsx';

/** "Service Provider": logo, name, Premium and Verified marks, package, link to the profile. */
export function ListingProviderCard({ listing }: { listing: ListingDetailData }) {
  const { provider } = listing;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Service Provider
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Link
          to={`/provider/${provider.id}`}
          className="group -m-2 flex min-w-0 items-center gap-3 rounded-lg p-2 outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {provider.logoUrl ? (
            <img
              src={imageVariant(provider.logoUrl, 400)}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-14 shrink-0 rounded-full bg-card object-contain p-1 ring-1 ring-border"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary"
            >
              <Store className="size-6" />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="flex items-start gap-1.5 font-semibold group-hover:text-primary">
              {/* A long name wraps (anywhere, if it must) rather than widening the page on a phone. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">{provider.businessName}</span>
              {provider.isPremium && (
                <Crown aria-label="Premium" role="img" className="mt-1 size-4 shrink-0 text-gold" />
              )}
              {provider.hasVerificationBadge && (
                <BadgeCheck aria-label="Verified" role="img" className="mt-1 size-4 shrink-0 text-primary" />
              )}
            </span>
            <span className="mt-1 flex flex-wrap gap-1.5">
              <PackageBadge packageType={provider.packageType} label={provider.packageLabel} />
            </span>
            <span className="mt-1 block text-xs text-muted-foreground">View profile</span>
          </span>
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * "Contact Information": the provider's phone as a call link, WhatsApp, email and website where given, and
 * how to reach them without a phone.
 */
export function ListingContactCard({ listing }: { listing: ListingDetailData }) {
  const { provider } = listing;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Contact Information
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <ProviderContactList contact={provider} />
        {!provider.phone && (
          <p className="text-sm text-muted-foreground">
            No phone number listed. Use Contact Provider to send an enquiry.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
