/** The detail dialog's image carousel: one image at a time with previous/next buttons and a position label. */
import { useState } from 'react';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { imageVariant } from '@domain/format.ts';
import { Button } from '../../components/ui/button.tsx';

export function ImageCarousel({
  images,
  title,
}: {
  images: { id: string; imageUrl: string }[];
  title: string;
}) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="mr-2 size-5" /> No images
      </div>
    );
  }
  const current = Math.min(index, images.length - 1);
  const image = images[current]!;
  const step = (delta: number) => setIndex((current + delta + images.length) % images.length);
  return (
    <section aria-roledescription="carousel" aria-label={`Images of ${title}`} className="relative">
      <img
        src={imageVariant(image.imageUrl, 800)}
        alt={`${title}, image ${current + 1} of ${images.length}`}
        className="aspect-video w-full rounded-lg bg-muted object-cover"
      />
      {images.length > 1 && (
        <>
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90"
            onClick={() => step(-1)}
            aria-label="Previous image"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90"
            onClick={() => step(1)}
            aria-label="Next image"
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <p
            className="absolute right-2 bottom-2 rounded-full bg-background/85 px-2 py-0.5 text-xs"
            aria-live="polite"
          >
            {current + 1} / {images.length}
          </p>
        </>
      )}
    </section>
  );
}
