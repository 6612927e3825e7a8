import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowRight, Search } from 'lucide-react';
import { CATEGORIES } from '@domain/constants.ts';
import { CategoryIcon } from '../components/category-icon.tsx';
import { Button } from '../components/ui/button.tsx';
import { contentValue, useSiteContent } from '../features/content/use-site-content.ts';
import { CATEGORIES_SECTION_ID, scrollToId } from '../lib/scroll.ts';

function Hero() {
  const { data: content } = useSiteContent();
  const heading = contentValue(content, 'hero', 'heading', 'Make Your Matric Farewell Unforgettable');
  const subheading = contentValue(
    content,
    'hero',
    'subheading',
    'Find the best farewell service providers across South Africa',
  );
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-[oklch(0.3_0.12_285)] via-primary to-[oklch(0.45_0.18_310)] text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-gold/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-white/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
        <h1
          id="hero-heading"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {heading}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-white/85 sm:text-xl">{subheading}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="gold">
            <Link to="/browse">
              <Search aria-hidden="true" />
              Browse Services
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white"
          >
            <Link to="/packages">
              List Your Service
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function Categories() {
  const { data: content } = useSiteContent();
  const heading = contentValue(content, 'categories', 'heading', 'Browse by Category');
  const subheading = contentValue(
    content,
    'categories',
    'subheading',
    'Everything you need for the perfect matric farewell',
  );
  return (
    <section
      id={CATEGORIES_SECTION_ID}
      aria-labelledby="categories-heading"
      className="scroll-mt-20 bg-background py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="categories-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {heading}
          </h2>
          <p className="mt-3 text-muted-foreground">{subheading}</p>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link
                to={`/browse?category=${category.slug}`}
                className="group flex h-full flex-col items-center gap-3 rounded-xl border bg-card p-5 text-center shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:p-6"
              >
                <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary transition-colors group-hover:bg-primary group-hover:text-gold">
                  <CategoryIcon name={category.icon} className="size-7" />
                </span>
                <span className="text-sm font-semibold sm:text-base">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home() {
  const { hash, key } = useLocation();

  // Arriving from another page's Categories link (/#categories): land on the section.
  useEffect(() => {
    if (hash === `#${CATEGORIES_SECTION_ID}`) scrollToId(CATEGORIES_SECTION_ID);
  }, [hash, key]);

  return (
    <>
      <Hero />
      <Categories />
    </>
  );
}
