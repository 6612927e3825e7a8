// Category landing pages (/services/{category} and /services/{category}/{province}): an indexable page per
// category across the country and per province, with a heading written from the data, the same cards and
// Load more as /browse, and links to the neighbouring provinces and categories.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { CATEGORIES, PROVINCES, PRODUCT_NAME } from '@domain/constants.ts';
import {
  categoryFromSlug,
  landingHeading,
  landingPath,
  placeName,
  provinceFromSlug,
  type CategorySlug,
} from '@domain/seo.ts';
import { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';
import { useBrowseListings, useLandingPages } from '../features/marketplace/api.ts';
import { ListingResults } from '../features/marketplace/ListingResults.tsx';
import NotFound from './NotFound.tsx';

export default function Landing() {
  const params = useParams();
  const category = categoryFromSlug(params.category ?? '');
  const province = params.province === undefined ? null : provinceFromSlug(params.province);
  const valid = category !== null && (params.province === undefined || province !== null);
  const query = useBrowseListings({
    category: category?.slug,
    province: province ?? undefined,
  });
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const pages = useLandingPages();
  const exists = (slug: string, value: string | null) =>
    pages.data?.items.some((p) => p.category === slug && p.province === value) ?? false;
  const where = province ? placeName(province) : 'South Africa';
  const heading =
    category && first
      ? landingHeading(category.slug as CategorySlug, province, first.total ?? 0, first.totalExact)
      : null;

  useEffect(() => {
    if (category) document.title = `${category.name} for matric farewells in ${where} | ${PRODUCT_NAME}`;
  }, [category, where]);

  if (!category || !valid || (query.isSuccess && items.length === 0)) return <NotFound />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-foreground hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-3.5" />
          </li>
          <li>
            {province ? (
              <Link to={landingPath(category.slug)} className="hover:text-foreground hover:underline">
                {category.name}
              </Link>
            ) : (
              <span aria-current="page">{category.name}</span>
            )}
          </li>
          {province && (
            <>
              <li aria-hidden="true">
                <ChevronRight className="size-3.5" />
              </li>
              <li>
                <span aria-current="page">{PROVINCES.find((p) => p.value === province)?.label}</span>
              </li>
            </>
          )}
        </ol>
      </nav>

      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {heading ?? `${category.name} for matric farewells in ${where}`}
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Compare {category.name.toLowerCase()} for your matric farewell in {where}: photos, prices and reviews
        from parents and learners. Save your favourites and send an enquiry straight to the provider.
      </p>

      <ListingResults
        query={query}
        label="Listings"
        cardAction={(listing) => <FavoriteButton listingId={listing.id} />}
      />

      <section aria-labelledby="nearby-provinces" className="mt-12">
        <h2 id="nearby-provinces" className="text-lg font-semibold">
          {category.name} in other provinces
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {PROVINCES.filter((p) => p.value !== province && exists(category.slug, p.value)).map((p) => (
            <li key={p.value}>
              <Link
                to={landingPath(category.slug, p.value)}
                className="inline-flex min-h-11 items-center rounded-full border bg-card px-4 text-sm hover:bg-accent"
              >
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="other-categories" className="mt-8">
        <h2 id="other-categories" className="text-lg font-semibold">
          Other services {province ? `in ${where}` : 'for your matric farewell'}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {CATEGORIES.filter((c) => c.slug !== category.slug && exists(c.slug, province)).map((c) => (
            <li key={c.slug}>
              <Link
                to={landingPath(c.slug, province)}
                className="inline-flex min-h-11 items-center rounded-full border bg-card px-4 text-sm hover:bg-accent"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
