import { useEffect } from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Embla on the hero carousel's viewport, loaded after the first paint (HeroCarousel.tsx): the slides are
 * already in the page, this adds swiping and sliding. Renders nothing.
 */
export default function HeroCarouselEngine({
  viewport,
  onApi,
}: {
  viewport: HTMLElement;
  onApi: (api: CarouselApi | undefined) => void;
}) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: 30 });
  useEffect(() => {
    emblaRef(viewport);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);
  useEffect(() => {
    onApi(emblaApi);
    return () => onApi(undefined);
  }, [emblaApi, onApi]);
  return null;
}
