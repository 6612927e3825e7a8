import { useCallback, useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { LIMITS } from '@domain/constants.ts';
import { imageSrcSet, imageVariant } from '@domain/format.ts';
import type { HeroBanner } from '@domain/listings.ts';
import { cn } from '../../lib/utils.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/**
 * The home hero's banner carousel: active banners in display order, a new one every 5 s, looped, paused
 * while the pointer is over it, and never autoplaying for visitors who prefer reduced motion.
 */
export function HeroCarousel({ banners, className }: { banners: HeroBanner[]; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const plugins = useMemo(
    () =>
      reducedMotion
        ? []
        : [Autoplay({ delay: LIMITS.heroAutoplayMs, stopOnMouseEnter: true, stopOnInteraction: false })],
    [reducedMotion],
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: 30 }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const goTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  if (banners.length === 0) return null;

  return (
    <div
      aria-roledescription="carousel"
      aria-label="Featured banners"
      className={cn('relative overflow-hidden bg-[oklch(0.25_0.09_285)]', className)}
    >
      <div ref={emblaRef} className="h-full overflow-hidden">
        <div className="flex h-full touch-pan-y">
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className="relative h-full min-w-0 flex-[0_0_100%]"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${banners.length}`}
            >
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
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <div className="absolute inset-x-0 top-3 flex justify-center gap-2">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              aria-label={`Show banner ${i + 1}`}
              aria-current={selected === i ? 'true' : undefined}
              onClick={() => goTo(i)}
              className={cn(
                'h-2.5 rounded-full bg-white/60 shadow transition-all outline-none hover:bg-white focus-visible:ring-2 focus-visible:ring-gold',
                selected === i ? 'w-7 bg-gold hover:bg-gold' : 'w-2.5',
              )}
            />
          ))}
        </div>
      )}
    </div>
  );
}
