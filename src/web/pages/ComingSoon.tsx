import { Link, useLocation } from 'react-router';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { useRouteTitle } from '../app/route-handle.ts';

/** Placeholder for pages not built yet. Named after the route's title (see handle in app/router.tsx). */
export default function ComingSoon() {
  const title = useRouteTitle() ?? 'This page';
  const { pathname } = useLocation();
  const inDashboard = pathname.startsWith('/dashboard') || pathname.startsWith('/admin');

  return (
    <div className={inDashboard ? 'py-6' : 'px-4 py-16 sm:py-24'}>
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <span
            aria-hidden="true"
            className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary"
          >
            <Sparkles className="size-7" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="text-base">Coming soon</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <p className="text-sm text-muted-foreground">
            We&apos;re putting the finishing touches on this page. Please check back soon!
          </p>
          <Button asChild variant="outline">
            <Link to={inDashboard ? '/dashboard' : '/'}>
              <ArrowLeft aria-hidden="true" />
              {inDashboard ? 'Back to Dashboard' : 'Back to Home'}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
