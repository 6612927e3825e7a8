/** /dashboard/become-provider: the form, or for a provider already, Create Your First Listing. */
import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { PROVIDER_MESSAGES } from '@domain/providers.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useMe } from '../../lib/use-me.ts';
import { BecomeProviderForm } from '../../features/provider/BecomeProviderForm.tsx';

export default function BecomeProvider() {
  const { data: me } = useMe();
  if (me === undefined) return null;
  if (me === null) {
    return (
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle as="h1">Become a Service Provider</CardTitle>
          <CardDescription>{PROVIDER_MESSAGES.signInFirst}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/auth?redirect=%2Fdashboard%2Fbecome-provider">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <CardHeader className="flex-row items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-gold"
          >
            <Store className="size-5" />
          </span>
          <div className="space-y-1.5">
            <CardTitle as="h1" className="text-2xl">
              Become a Service Provider
            </CardTitle>
            <CardDescription>
              {me.provider
                ? `You are already a service provider as ${me.provider.businessName}.`
                : 'Create your business profile to list your services on Matric Moments. You start on the FREE Basic package.'}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {me.provider ? (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/dashboard">Cancel</Link>
              </Button>
              <Button asChild>
                <Link to="/dashboard/listings/new">Create Your First Listing</Link>
              </Button>
            </div>
          ) : (
            <BecomeProviderForm />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
