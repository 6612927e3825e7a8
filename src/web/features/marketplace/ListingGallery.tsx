import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Expand, ImageOff } from 'lucide-react';
import { imageSrcSet, imageVariant } from '@domain/format.ts';
import type { ListingImage } from '@domain/listings.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/utils.ts';

const MAIN_SIZES = '(min-width: 1280px) 820px, (min-width: 1024px) 64vw, 100vw';
/** A horizontal move at least this long (px), and mostly sideways, is a swipe. */
const SWIPE_MIN_PX = 40;

/**
 * Left/Right arrow keys and horizontal swipes call `go(-1)`/`go(1)`. Pointer events cover touch, pen and
 * mouse; vertical moves are left to the page (touch-action: pan-y).
 */
function useSwipeAndKeys(go: (delta: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else return;
      event.preventDefault();
    },
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

function ArrowButton({
  direction,
  onClick,
  className,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  className?: string;
}) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      className={cn(
        'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-foreground shadow outline-none hover:bg-white focus-visible:ring-[3px] focus-visible:ring-ring',
        direction === 'previous' ? 'left-3' : 'right-3',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/**
 * The detail gallery: the selected image large (800 or 1600 wide), thumbnails (400) to switch. Arrows,
 * the keyboard's Left/Right and swipes move between photos; 'View full screen' opens the photo over the
 * whole screen, where the same moves work and Escape closes.
 */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (delta: number) => {
    if (count > 1) setIndex((i) => (i + delta + count) % count);
  };
  const gestures = useSwipeAndKeys(go);
  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-10" />
        <p>No images available</p>
      </div>
    );
  }
  const current = images[Math.min(index, count - 1)]!;
  const alt = count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;

  return (
    <div className="space-y-3" role="group" aria-roledescription="gallery" aria-label={`${title} photos`}>
      <Dialog>
        <div
          className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-xl bg-muted select-none"
          {...gestures}
        >
          <img
            key={current.id}
            src={imageVariant(current.imageUrl, 800)}
            srcSet={imageSrcSet(current.imageUrl)}
            sizes={MAIN_SIZES}
            alt={alt}
            fetchPriority="high"
            draggable={false}
            className="size-full object-cover"
          />
          {count > 1 && (
            <>
              <ArrowButton direction="previous" onClick={() => go(-1)} />
              <ArrowButton direction="next" onClick={() => go(1)} />
              <p className="absolute bottom-3 left-3 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white">
                {index + 1} / {count}
              </p>
            </>
          )}
          <DialogTrigger asChild>
            <button
              type="button"
              aria-label="View full screen"
              className="absolute right-3 bottom-3 flex size-11 items-center justify-center rounded-full bg-black/70 text-white shadow outline-none hover:bg-black/80 focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <Expand aria-hidden="true" className="size-5" />
            </button>
          </DialogTrigger>
        </div>
        <DialogContent
          className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-black p-0 text-white [&>[data-slot=dialog-close]]:bg-white/15 [&>[data-slot=dialog-close]]:text-white [&>[data-slot=dialog-close]]:opacity-100"
          onKeyDown={gestures.onKeyDown}
        >
          <DialogTitle className="px-4 py-3 pr-16 text-base font-medium">{title}</DialogTitle>
          <DialogDescription className="sr-only">
            Photo {index + 1} of {count}. Use the arrow keys or swipe to see the others.
          </DialogDescription>
          <div
            className="relative min-h-0 flex-1 touch-pan-y select-none"
            onPointerDown={gestures.onPointerDown}
            onPointerUp={gestures.onPointerUp}
            onPointerCancel={gestures.onPointerCancel}
          >
            <img
              key={current.id}
              src={imageVariant(current.imageUrl, 1600)}
              alt={alt}
              draggable={false}
              className="size-full object-contain"
            />
            {count > 1 && (
              <>
                <ArrowButton direction="previous" onClick={() => go(-1)} />
                <ArrowButton direction="next" onClick={() => go(1)} />
              </>
            )}
          </div>
          {count > 1 && (
            <p className="py-3 text-center text-sm" aria-hidden="true">
              {index + 1} / {count}
            </p>
          )}
        </DialogContent>
      </Dialog>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
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
