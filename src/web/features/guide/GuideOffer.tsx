import { Link } from 'react-router';
import { BookOpen, Check, Crown } from 'lucide-react';
import { PREMIUM_GUIDE_PRICE, PRODUCT_NAME } from '@domain/constants.ts';
import { formatRand } from '@domain/format.ts';
import { Button } from '../../components/ui/button.tsx';

const PREMIUM_GUIDE_BULLETS = [
  'Fashion and styling guide',
  'Venue selection and planning tips',
  'Budget management strategies',
  'Professional photography tips',
  'Social etiquette and behaviour guide',
  'Last minute preparation checklist',
] as const;

/** The home page's offer of the Matric Guide: price, what it holds, and Get Access (or sign in first). */
export function GuideOffer({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="premium-heading" className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-[oklch(0.28_0.1_285)] via-[oklch(0.38_0.16_290)] to-[oklch(0.45_0.18_315)] px-6 py-12 text-white shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-20 size-64 rounded-full bg-gold/30 blur-3xl"
        />
        <div className="relative grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-gold px-3 py-1 text-xs font-semibold text-gold-foreground">
              <Crown aria-hidden="true" className="size-3.5" />
              Premium Guide · {formatRand(PREMIUM_GUIDE_PRICE)} once-off
            </p>
            <h2 id="premium-heading" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
              {PRODUCT_NAME} Tips &amp; Tricks
            </h2>
            <p className="mt-4 text-white/85">
              Everything you need to plan a farewell to remember, in one guide with lifetime access.
            </p>
            <Button asChild size="lg" variant="gold" className="mt-8">
              {signedIn ? (
                <Link to="/matric-access">
                  <BookOpen aria-hidden="true" />
                  Get Access Now
                </Link>
              ) : (
                <Link to="/auth?redirect=/matric-access">
                  <BookOpen aria-hidden="true" />
                  Sign In to Get Access
                </Link>
              )}
            </Button>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {PREMIUM_GUIDE_BULLETS.map((bullet) => (
              <li
                key={bullet}
                className="flex items-start gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/15"
              >
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-gold text-gold-foreground">
                  <Check aria-hidden="true" className="size-4" />
                </span>
                <span className="text-sm font-medium">{bullet}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
