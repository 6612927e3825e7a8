import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  Briefcase,
  Check,
  Crosshair,
  Crown,
  GraduationCap,
  MapPin,
  Search,
  Sparkles,
  Users,
} from 'lucide-react';
import {
  CATEGORIES,
  DEFAULT_STATS,
  PREMIUM_GUIDE_PRICE,
  PRODUCT_NAME,
  PROVINCES,
} from '@domain/constants.ts';
import { formatRand } from '@domain/format.ts';
import { CategoryIcon } from '../components/category-icon.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { NativeSelect } from '../components/ui/native-select.tsx';
import { Separator } from '../components/ui/separator.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMe } from '../features/auth/use-me.ts';
import { contentValue, useSiteContent, type SiteContent } from '../features/content/use-site-content.ts';
import { useHeroBanners, useHomeListings } from '../features/marketplace/api.ts';
import { HeroCarousel } from '../features/marketplace/HeroCarousel.tsx';
import { ListingCard, ListingGridSkeleton } from '../features/marketplace/ListingCard.tsx';
import { qs } from '../lib/api.ts';
import { CATEGORIES_SECTION_ID, scrollToId } from '../lib/scroll.ts';
import { cn } from '../lib/utils.ts';

const ALL_PROVINCES = 'all';

const PREMIUM_GUIDE_BULLETS = [
  'Fashion and styling guide',
  'Venue selection and planning tips',
  'Budget management strategies',
  'Professional photography tips',
  'Social etiquette and behaviour guide',
  'Last minute preparation checklist',
] as const;

function HeroSearch() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [province, setProvince] = useState<string>(ALL_PROVINCES);
  const [locating, setLocating] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(
      `/browse${qs({ search: search.trim(), province: province === ALL_PROVINCES ? undefined : province })}`,
    );
  };

  // The location code loads when the button is pressed: the hero needs none of it to show.
  const onUseMyLocation = async () => {
    setLocating(true);
    try {
      const [{ requestLocation }, { nearestProvince }] = await Promise.all([
        import('../features/marketplace/use-location.ts'),
        import('@domain/geo.ts'),
      ]);
      const coords = await requestLocation();
      if (coords) setProvince(nearestProvince(coords.lat, coords.lng));
    } finally {
      setLocating(false);
    }
  };

  return (
    <form
      role="search"
      aria-label="Find services"
      // Before hydration (or without JavaScript) the form goes to /browse by itself: same parameters.
      action="/browse"
      onSubmit={onSubmit}
      className="mx-auto mt-7 grid w-full max-w-4xl gap-2 rounded-2xl bg-white p-2 text-foreground shadow-xl ring-1 ring-black/5 sm:grid-cols-[1fr_13rem_auto_auto] sm:items-center"
    >
      <label className="relative block">
        <span className="sr-only">Search services</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search for services…"
          maxLength={100}
          className="h-11 border-0 pl-9 shadow-none focus-visible:ring-2"
        />
      </label>
      <NativeSelect
        aria-label="Province"
        name="province"
        value={province}
        onChange={(event) => setProvince(event.target.value)}
        icon={<MapPin aria-hidden="true" className="left-3 text-muted-foreground" />}
        className="h-11"
      >
        <option value={ALL_PROVINCES}>All Provinces</option>
        {PROVINCES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </NativeSelect>
      <Button
        type="button"
        variant="outline"
        size="lg"
        onClick={() => void onUseMyLocation()}
        disabled={locating}
        className="h-11"
        aria-label="Use my location"
        title="Use my location"
      >
        {locating ? <Spinner label={null} /> : <Crosshair aria-hidden="true" />}
        <span className="sm:sr-only">Use my location</span>
      </Button>
      <Button type="submit" size="lg" className="h-11">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

const BANNER_STRIP_CLASS = 'aspect-[2/1] max-h-[420px] w-full sm:aspect-[5/2]';

function Hero({ content }: { content: SiteContent | undefined }) {
  const { data: banners, isPending } = useHeroBanners();
  const heading = contentValue(content, 'hero', 'heading', 'Make Your Matric Farewell Unforgettable');
  const subheading = contentValue(
    content,
    'hero',
    'subheading',
    'Find the best farewell service providers across South Africa',
  );
  const hasBanners = isPending || (banners?.length ?? 0) > 0;
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-secondary/70 to-background pb-6">
      {isPending ? (
        <div aria-hidden="true" className={cn(BANNER_STRIP_CLASS, 'bg-[oklch(0.25_0.09_285)]')} />
      ) : (
        <HeroCarousel banners={banners ?? []} className={BANNER_STRIP_CLASS} />
      )}
      <div
        className={cn(
          'relative mx-auto max-w-5xl px-3 sm:px-6 lg:px-8',
          hasBanners ? '-mt-8 sm:-mt-20' : 'pt-8 sm:pt-12',
        )}
      >
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-[oklch(0.3_0.12_285)] via-primary to-[oklch(0.45_0.18_310)] px-4 py-8 text-center text-white shadow-2xl sm:px-10 sm:py-12">
          <h1
            id="hero-heading"
            className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem] lg:leading-[1.1]"
          >
            {heading}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-white/90 sm:text-xl">
            {subheading}
          </p>
          <HeroSearch />
        </div>
      </div>
    </section>
  );
}

function Categories({ content }: { content: SiteContent | undefined }) {
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

function Featured({ content }: { content: SiteContent | undefined }) {
  const { data: listings, isPending, isError } = useHomeListings();
  const heading = contentValue(content, 'featured', 'heading', 'Featured Listings');
  const subheading = contentValue(
    content,
    'featured',
    'subheading',
    'Hand-picked providers to make your farewell unforgettable',
  );
  return (
    <section aria-labelledby="featured-heading" className="bg-secondary/40 py-12 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {heading}
            </h2>
            <p className="mt-3 text-muted-foreground">{subheading}</p>
          </div>
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to="/browse">
              View All
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="mt-8 sm:mt-10">
          {isPending ? (
            <ListingGridSkeleton count={4} />
          ) : isError || !listings || listings.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
              No listings available yet. Check back soon!
            </p>
          ) : (
            // Phones: one swipeable row (the next card peeks in), so the guide offer and the provider call
            // to action are a few scrolls away; from 640 px the usual grid.
            <ul
              aria-labelledby="featured-heading"
              className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 xl:grid-cols-4"
            >
              {/* Below the hero and the categories on every screen: pictures load as they come near. */}
              {listings.map((listing) => (
                <li key={listing.id} className="w-[80%] max-w-80 shrink-0 snap-start sm:w-auto sm:max-w-none">
                  <ListingCard listing={listing} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function Stats({ content }: { content: SiteContent | undefined }) {
  const stats = [
    {
      value: `${contentValue(content, 'hero', 'stat_providers', DEFAULT_STATS.providers)}+`,
      label: 'Service Providers',
      icon: Briefcase,
    },
    {
      value: contentValue(content, 'hero', 'stat_provinces', DEFAULT_STATS.provinces),
      label: 'Provinces',
      icon: MapPin,
    },
    {
      value: `${contentValue(content, 'hero', 'stat_clients', DEFAULT_STATS.clients)}+`,
      label: 'Happy Clients',
      icon: Users,
    },
  ];
  return (
    <section aria-label="Matric Moments in numbers" className="py-14 sm:py-16">
      <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-3 px-4 sm:gap-6 sm:px-6 lg:px-8">
        {stats.map(({ value, label, icon: Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center rounded-xl bg-card px-2 py-5 text-center shadow-sm ring-1 ring-border sm:p-6"
          >
            <Icon aria-hidden="true" className="size-7 text-gold" />
            <dt className="order-last mt-1 text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="mt-2 text-2xl font-extrabold tracking-tight text-primary sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PremiumOffer({ signedIn }: { signedIn: boolean }) {
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

function ProviderCta({ content, signedIn }: { content: SiteContent | undefined; signedIn: boolean }) {
  const heading = contentValue(content, 'cta', 'heading', 'Are You a Service Provider?');
  const subheading = contentValue(
    content,
    'cta',
    'subheading',
    'Join South Africa’s marketplace for matric farewell services and reach more clients.',
  );
  const benefits = [1, 2, 3, 4]
    .map((n) => contentValue(content, 'cta', `benefit_${n}`, ''))
    .filter((text) => text !== '');
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
            <Link to="/how-it-works">Learn More</Link>
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

export default function Home() {
  const { hash, key } = useLocation();
  const { data: content } = useSiteContent();
  const { data: me } = useMe();
  const signedIn = Boolean(me);

  // Arriving from another page's Categories link (/#categories): land on the section.
  useEffect(() => {
    if (hash === `#${CATEGORIES_SECTION_ID}`) scrollToId(CATEGORIES_SECTION_ID);
  }, [hash, key]);

  return (
    <>
      <Hero content={content} />
      <Categories content={content} />
      <Featured content={content} />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <Separator />
      </div>
      <Stats content={content} />
      <PremiumOffer signedIn={signedIn} />
      <ProviderCta content={content} signedIn={signedIn} />
    </>
  );
}
