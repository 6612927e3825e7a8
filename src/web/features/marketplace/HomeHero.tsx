/** The home page's hero: admin banners (carousel), heading, subheading and the search (text, province, location). */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Crosshair, MapPin, Search } from 'lucide-react';
import { PROVINCES } from '@domain/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { qs } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';
import { useHeroBanners } from './api.ts';
import { HeroCarousel } from './HeroCarousel.tsx';

const ALL_PROVINCES = 'all';

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
        import('./use-location.ts'),
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

/** The top of the home page: the banner carousel, the heading and the search form. */
export function HomeHero({ heading, subheading }: { heading: string; subheading: string }) {
  const { data: banners, isPending } = useHeroBanners();
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
