/** The chosen package on /checkout: name, price per period, listing and image allowance, features. */
import { Check } from 'lucide-react';
import { formatRand } from '@domain/format.ts';
import type { PublicPackage } from '@domain/listings.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { packageColorClasses } from '../../lib/package-colors.ts';
import { cn } from '../../lib/utils.ts';

export function CheckoutPackage({ pkg }: { pkg: PublicPackage }) {
  const listings =
    pkg.maxListings === -1
      ? 'Unlimited listings'
      : `Up to ${pkg.maxListings} active listing${pkg.maxListings === 1 ? '' : 's'}`;
  return (
    <Card className="gap-0 overflow-hidden py-0">
      <CardHeader
        className={cn('bg-gradient-to-r py-6 text-white', packageColorClasses(pkg.packageType).header)}
      >
        <p className="text-sm font-medium text-white/90">Selected package</p>
        <CardTitle as="h2" className="flex items-center gap-2 text-2xl">
          <span aria-hidden="true">{pkg.emoji}</span>
          {pkg.name}
        </CardTitle>
        <p className="text-3xl font-bold">
          {pkg.price === 0 ? 'FREE' : formatRand(pkg.price)}
          {pkg.price !== 0 && <span className="text-base font-normal text-white/90">{pkg.period}</span>}
        </p>
      </CardHeader>
      <CardContent className="py-6">
        <ul className="space-y-2 text-sm">
          {(pkg.features.length > 0
            ? pkg.features
            : [listings, `Up to ${pkg.maxImages} images per listing`]
          ).map((line) => (
            <li key={line} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {line}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
