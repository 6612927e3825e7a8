/**
 * /checkout: the chosen package (from ?package= or the navigation state) and the placeholder of the spec:
 * payment is not taken online yet; an admin activates the package. A signed-in provider's arrival records the
 * request (CheckoutRequest, decision 0039). Unknown or missing package types say so and link to /packages.
 */
import { CreditCard, PackageX } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatRand } from '@domain/format.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { usePublicPackages } from '../features/marketplace/api.ts';
import { CheckoutPackage } from '../features/provider/CheckoutPackage.tsx';
import { CheckoutRequest } from '../features/provider/CheckoutRequest.tsx';

function chosenType(search: URLSearchParams, state: unknown): string | null {
  const fromState =
    state && typeof state === 'object' && 'packageType' in state
      ? String((state as { packageType: unknown }).packageType ?? '')
      : '';
  const value = (search.get('package') ?? fromState).trim();
  return value || null;
}

export default function Checkout() {
  const [search] = useSearchParams();
  const location = useLocation();
  const type = chosenType(search, location.state);
  const packages = usePublicPackages();
  const chosen = packages.data?.find((p) => p.packageType === type) ?? null;

  if (packages.isPending && type) return <PageSpinner />;

  return (
    <div className="container mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Payment Gateway</h1>
        <p className="mt-2 text-muted-foreground">Complete your package purchase</p>
      </div>
      {chosen ? (
        <div className="space-y-6">
          <CheckoutPackage pkg={chosen} />
          <CheckoutRequest pkg={chosen} />
          <Card className="border-dashed">
            <CardHeader className="flex-row items-start gap-3">
              <CreditCard aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <div className="space-y-1.5">
                <CardTitle as="h2">Payment coming soon</CardTitle>
                <CardDescription>
                  Online payment is not available yet. Your {chosen.name} package (
                  {chosen.price === 0 ? 'FREE' : `${formatRand(chosen.price)}${chosen.period}`}) stays pending
                  until our team confirms your payment and activates it. We will be in touch with the payment
                  details.
                </CardDescription>
              </div>
            </CardHeader>
          </Card>
        </div>
      ) : (
        <Card>
          <CardHeader className="items-center text-center">
            <PackageX aria-hidden="true" className="size-10 text-muted-foreground" />
            <CardTitle as="h2">{type ? 'Package not found' : 'No package selected'}</CardTitle>
            <CardDescription>
              {type
                ? `We could not find the package "${type}". Please choose one of our packages.`
                : 'Please choose a package first.'}
            </CardDescription>
          </CardHeader>
        </Card>
      )}
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/packages">View Packages</Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
