import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ArrowRight, Check, CircleCheck } from 'lucide-react';
import type { PublicPackage } from '@domain/listings.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { usePublicPackages } from '../features/marketplace/api.ts';
import { packageColorClasses } from '../lib/package-colors.ts';
import { cn } from '../lib/utils.ts';
import { formatRand } from '@domain/format.ts';
import { QueryError } from '../components/query-state.tsx';
import { useMe } from '../lib/use-me.ts';

function price(pkg: PublicPackage): { amount: string; period: string } {
  if (pkg.price === 0) return { amount: 'FREE', period: '' };
  return { amount: formatRand(pkg.price), period: pkg.period };
}

function limitsLine(pkg: PublicPackage): string {
  const listings =
    pkg.maxListings === -1
      ? 'Unlimited listings'
      : `${pkg.maxListings} active ${pkg.maxListings === 1 ? 'listing' : 'listings'}`;
  return `${listings} · ${pkg.maxImages} ${pkg.maxImages === 1 ? 'image' : 'images'} per listing`;
}

function PackageOption({
  pkg,
  selected,
  onSelect,
}: {
  pkg: PublicPackage;
  selected: boolean;
  onSelect: () => void;
}) {
  const colors = packageColorClasses(pkg.packageType);
  const { amount, period } = price(pkg);
  const inputId = `package-${pkg.packageType}`;
  return (
    <li className="h-full">
      <input
        type="radio"
        id={inputId}
        name="package"
        value={pkg.packageType}
        checked={selected}
        onChange={onSelect}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={cn(
          'relative flex h-full cursor-pointer flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md',
          'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60',
          selected && ['ring-[3px] shadow-lg', colors.ring],
        )}
      >
        <div className={cn('bg-gradient-to-br px-6 py-6 text-white', colors.header)}>
          <div className="flex items-start justify-between gap-2">
            <span className="text-3xl" aria-hidden="true">
              {pkg.emoji}
            </span>
            <span className="flex flex-col items-end gap-1">
              {pkg.popular && <Badge variant="gold">Most Popular</Badge>}
              {selected && (
                <span className="flex items-center gap-1 text-xs font-semibold">
                  <CircleCheck aria-hidden="true" className="size-4" />
                  Selected
                </span>
              )}
            </span>
          </div>
          <h2 className="mt-3 text-xl font-bold">{pkg.name}</h2>
          <p className="mt-2">
            <span className="text-4xl font-extrabold tracking-tight">{amount}</span>
            {period && <span className="ml-1 text-white/85">{period}</span>}
          </p>
        </div>
        <div className="flex flex-1 flex-col gap-4 p-6">
          <p className="text-sm font-medium text-muted-foreground">{limitsLine(pkg)}</p>
          <ul className="space-y-2.5 text-sm">
            {pkg.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', colors.check)} />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      </label>
    </li>
  );
}

export default function Packages() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { data: me } = useMe();
  const { data: packages, isPending, isError, refetch } = usePublicPackages();
  // ?package= preselects (the banner's Renew Package preselects the provider's own).
  const [selected, setSelected] = useState<string | null>(search.get('package'));
  const chosen = packages?.find((p) => p.packageType === selected) ?? null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Package</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          List your services and reach matric learners and parents across South Africa. Start free and upgrade
          any time.
        </p>
      </header>

      {isPending ? (
        <div className="mt-12 grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Loading packages">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 rounded-2xl" />
          ))}
        </div>
      ) : isError || !packages ? (
        <QueryError message="Failed to load packages" onRetry={() => void refetch()} className="mt-12" />
      ) : packages.length === 0 ? (
        <p className="mt-12 text-center text-muted-foreground">No packages are available at the moment.</p>
      ) : (
        <fieldset className="mt-12">
          <legend className="sr-only">Packages</legend>
          <ul className={cn('grid gap-6', packages.length >= 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}>
            {packages.map((pkg) => (
              <PackageOption
                key={pkg.id}
                pkg={pkg}
                selected={selected === pkg.packageType}
                onSelect={() => setSelected(pkg.packageType)}
              />
            ))}
          </ul>
        </fieldset>
      )}

      <div className="mt-10 flex flex-col items-center gap-3">
        <Button
          size="lg"
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            // Signed in: the request is recorded at /checkout (decision 0039); visitors sign up first.
            if (me) void navigate(`/checkout?package=${encodeURIComponent(chosen.packageType)}`);
            else void navigate('/auth', { state: { packageType: chosen.packageType, from: '/packages' } });
          }}
        >
          {me ? 'Continue' : 'Continue to Sign Up'}
          <ArrowRight aria-hidden="true" />
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {chosen ? `Selected: ${chosen.name}` : 'Select a package to continue.'}
        </p>
      </div>
    </div>
  );
}
