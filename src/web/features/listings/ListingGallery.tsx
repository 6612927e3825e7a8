import { useState } from 'react';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { imageSrcSet, imageVariant } from '@domain/format.ts';
import type { ListingImage } from '@domain/listings.ts';
import { cn } from '../../lib/utils.ts';

const MAIN_SIZES = '(min-width: 1280px) 820px, (min-width: 1024px) 64vw, 100vw';

/** The detail gallery: the selected image large (800 or 1600 wide), thumbnails (400) to switch. */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-10" />
        <p>No images available</p>
      </div>
    );
  }
  const count = images.length;
  const current = images[Math.min(index, count - 1)]!;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <div className="space-y-3" aria-roledescription="gallery" aria-label={`${title} photos`}>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-muted">
        <img
          key={current.id}
          src={imageVariant(current.imageUrl, 800)}
          srcSet={imageSrcSet(current.imageUrl)}
          sizes={MAIN_SIZES}
          alt={count > 1 ? `${title}, photo ${index + 1} of ${count}` : title}
          fetchPriority="high"
          className="size-full object-cover"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-foreground shadow outline-none hover:bg-white focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Next photo"
              className="absolute top-1/2 right-3 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-foreground shadow outline-none hover:bg-white focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
            <p className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-md ring-2 ring-transparent outline-none focus-visible:ring-ring sm:h-20 sm:w-28',
                  i === index ? 'ring-primary' : 'opacity-75 hover:opacity-100',
                )}
              >
                <img
                  src={imageVariant(image.imageUrl, 400)}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
