import { Link } from 'react-router';
import { Eye, Heart, Target } from 'lucide-react';
import { PRODUCT_NAME } from '@domain/constants.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { contentValue, useSiteContent } from '../features/content/use-site-content.ts';

export default function About() {
  const { data: content, isPending } = useSiteContent();
  const title = contentValue(content, 'about', 'title', `About ${PRODUCT_NAME}`);
  const body = contentValue(
    content,
    'about',
    'content',
    `${PRODUCT_NAME} brings together the people who make matric farewells special: trusted providers of cars, outfits, photography, venues, make-up, catering, décor and entertainment, all in one place.`,
  );
  const mission = contentValue(
    content,
    'about',
    'mission',
    'To make planning a matric farewell simple, safe and affordable for every family in South Africa.',
  );
  const vision = contentValue(
    content,
    'about',
    'vision',
    'A farewell every learner remembers, planned with providers every parent trusts.',
  );

  return (
    <>
      <section className="bg-gradient-to-br from-[oklch(0.3_0.12_285)] via-primary to-[oklch(0.45_0.18_310)] text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        </div>
      </section>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-11/12" />
            <Skeleton className="h-5 w-4/5" />
          </div>
        ) : (
          <p className="mx-auto max-w-3xl text-lg leading-relaxed whitespace-pre-line text-foreground/85">
            {body}
          </p>
        )}
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader className="flex-row items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
                <Target aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as="h2" className="text-xl">
                Our Mission
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{mission}</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-primary">
                <Eye aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as="h2" className="text-xl">
                Our Vision
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{vision}</p>
            </CardContent>
          </Card>
        </div>
        <div className="mt-12 flex flex-col items-center gap-3 text-center">
          <Heart aria-hidden="true" className="size-6 text-gold" />
          <p className="text-muted-foreground">Ready to start planning?</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link to="/browse">Browse Services</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact">Contact Us</Link>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
