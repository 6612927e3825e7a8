import { Link } from 'react-router';
import { CATEGORIES } from '@domain/constants.ts';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { CATEGORIES_SECTION_ID } from '../../lib/scroll.ts';

/** "Browse by Category": a tile per category linking to /browse?category=…; the #categories target. */
export function CategoryGrid({ heading, subheading }: { heading: string; subheading: string }) {
  return (
    <section
      id={CATEGORIES_SECTION_ID}
      aria-labelledby="categories-heading"
      className="scroll-mt-20 bg-background py-12 sm:py-20"
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
