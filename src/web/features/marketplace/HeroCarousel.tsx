import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { LIMITS } from '@domain/constants.ts';
import { imageSrcSet, imageVariant } from '@domain/format.ts';
import type { HeroBanner } from '@domain/listings.ts';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import { cn } from '../../lib/utils.ts';
import type { CarouselApi } from './HeroCarouselEngine.tsx';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

// Swiping and sliding (embla) load after the first paint: the first slide shows without them.
const HeroCarouselEngine = lazy(() => import('./HeroCarouselEngine.tsx'));

/**
 * The home hero's banner carousel: active banners in display order, a new one every 5 s, looped. It holds
 * still while the pointer is over it or focus is in it, when the visitor pressed Pause (WCAG 2.2.2), and
 * always for visitors who prefer reduced motion. Dots and the pause button are at least 24×24 px targets.
 * The slides are plain markup (the server renders them, the first image is the page's largest paint);
 * embla is loaded when the browser is idle after the page has loaded, or at once when the visitor reaches
 * for the carousel (pointer, focus), and a dot pressed before then takes effect when it arrives.
 */
export function HeroCarousel({ banners, className }: { banners: HeroBanner[]; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [engineWanted, setEngineWanted] = useState(false);
  const [emblaApi, setEmblaApi] = useState<CarouselApi | undefined>(undefined);
  const pendingSlide = useRef<number | null>(null);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const canPlay = banners.length > 1 && !reducedMotion;
  const playing = canPlay && !paused && !hovered && !focused;

  const canSlide = banners.length > 1;
  useEffect(() => {
    if (!canSlide) return;
    return whenIdleAfterLoad(() => setEngineWanted(true));
  }, [canSlide]);

  useEffect(() => {
    if (!emblaApi) return;
    if (pendingSlide.current !== null) {
      emblaApi.scrollTo(pendingSlide.current);
      pendingSlide.current = null;
    }
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  // One timer per shown slide: a swipe or a dot restarts the full delay.
  useEffect(() => {
    if (!emblaApi || !playing) return;
    const timer = window.setTimeout(() => emblaApi.scrollNext(), LIMITS.heroAutoplayMs);
    return () => window.clearTimeout(timer);
  }, [emblaApi, playing, selected]);

  const goTo = useCallback(
    (index: number) => {
      if (emblaApi) return emblaApi.scrollTo(index);
      pendingSlide.current = index;
      setEngineWanted(true);
    },
    [emblaApi],
  );
  const wantEngine = () => {
    if (canSlide) setEngineWanted(true);
  };

  if (banners.length === 0) return null;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured banners"
      className={cn('relative overflow-hidden bg-[oklch(0.25_0.09_285)]', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={wantEngine}
      onFocus={() => {
        setFocused(true);
        wantEngine();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {engineWanted && viewport && (
        <Suspense fallback={null}>
          <HeroCarouselEngine viewport={viewport} onApi={setEmblaApi} />
        </Suspense>
      )}
      <div ref={setViewport} className="h-full overflow-hidden">
        <div className="flex h-full touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className="relative h-full min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${banners.length}`}
            >
              {/* The later banners' pictures wait until the carousel can show them: until then they
                  would only compete with the first one, the page's largest paint. */}
              {(i === 0 || emblaApi) && (
                <img
                  src={imageVariant(banner.imageUrl, 1600)}
                  srcSet={imageSrcSet(banner.imageUrl)}
                  sizes="100vw"
                  alt={banner.altText ?? ''}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  draggable={false}
                  className="size-full object-cover select-none"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <div className="absolute inset-x-0 top-2 flex items-center justify-center gap-1 px-14">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              aria-label={`Show banner ${i + 1}`}
              aria-current={selected === i ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="group flex h-6 min-w-6 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-gold"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full bg-white/70 shadow ring-1 ring-black/20 transition-all group-hover:bg-white',
                  selected === i ? 'w-7 bg-gold group-hover:bg-gold' : 'w-2.5',
                )}
              />
            </button>
          ))}
        </div>
      )}
      {canPlay && (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play banners' : 'Pause banners'}
          className="absolute top-1 right-2 flex size-11 items-center justify-center rounded-full text-white outline-none focus-visible:ring-2 focus-visible:ring-gold"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-black/55 shadow">
            {paused ? (
              <Play aria-hidden="true" className="size-4 fill-current" />
            ) : (
              <Pause aria-hidden="true" className="size-4 fill-current" />
            )}
          </span>
        </button>
      )}
    </div>
  );
}
