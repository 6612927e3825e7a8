import { Link } from 'react-router';
import { Check, GraduationCap, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** The home page's call to providers: heading, benefits, Join as Service Provider and Learn More. */
export function JoinProviderCta({
  heading,
  subheading,
  benefits,
  signedIn,
}: {
  heading: string;
  subheading: string;
  benefits: string[];
  signedIn: boolean;
}) {
  return (
    <section aria-labelledby="cta-heading" className="bg-secondary/40 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary text-gold">
          <Sparkles aria-hidden="true" className="size-7" />
        </span>
        <h2 id="cta-heading" className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
          {heading}
        </h2>
        <p className="mt-3 text-muted-foreground">{subheading}</p>
        {benefits.length > 0 && (
          <ul className="mx-auto mt-8 grid max-w-2xl gap-3 text-left sm:grid-cols-2">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2 text-sm">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signedIn ? '/dashboard/become-provider' : '/auth'}>
              <GraduationCap aria-hidden="true" />
              Join as Service Provider
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            {/* The spec's words, and for crawlers and screen readers where the link leads (a link text of
                only 'Learn More' says nothing out of context: Lighthouse SEO, decision 0061). */}
            <Link to="/how-it-works">
              Learn More<span className="sr-only"> about how it works</span>
            </Link>
          </Button>
        </div>
        {/* Only for visitors: a signed-in visitor has an account and is signed in already. */}
        {!signedIn && (
          <p className="mt-6 text-sm text-muted-foreground">
            Already have an account?{' '}
            <Link to="/auth" className="font-medium text-primary underline underline-offset-4">
              Sign in here
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
