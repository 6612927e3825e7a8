/**
 * The listing-images uploader: an ordered set of images with one primary, under a package allowance.
 * Files come from the file button or are dropped anywhere on the control; each shows a preview and a
 * progress bar while it uploads. Images reorder by dragging or with the Move earlier/later buttons
 * (announced for screen readers), and can be set as primary or removed. The set rules are those of
 * src/domain/images.ts, which the server applies too.
 */
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  ImageOff,
  ImagePlus,
  Star,
  Trash2,
  Upload,
  X,
} from 'lucide-react';
import {
  addImages,
  moveImage,
  removeImageAt,
  setPrimaryImage,
  splitByAllowance,
  type ImageEntry,
} from '@domain/images.ts';
import { imageVariant } from '@domain/format.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Progress } from '../ui/progress.tsx';
import { useFileDrop } from './use-file-drop.ts';
import { useImageUploads, type PendingUpload } from './use-image-uploads.ts';
import {
  FILE_RULES_TEXT,
  HiddenFileInput,
  TileButton,
  type ImageUploaderCommonProps,
} from './uploader-parts.tsx';

export interface MultipleImageUploaderProps extends ImageUploaderCommonProps {
  /** The images in display order; exactly one is primary when there are any. */
  value: readonly ImageEntry[];
  onChange: (images: ImageEntry[]) => void;
  /** The allowance (the package's images per listing); `Infinity` for none. */
  max: number;
  /**
   * More files were chosen than remain: the first `remaining` upload, the rest are dropped. The screen shows
   * the spec's toast: "Too many images" / "You can only upload {remaining} more image(s). Your package
   * allows {max} images per listing."
   */
  onTooMany: (remaining: number, max: number) => void;
  /** Alt text of each preview; default "Image {n} of {total}". */
  imageAlt?: (index: number, total: number) => string;
}

type TileAction = 'earlier' | 'later' | 'primary' | 'remove';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function MultipleImageUploader({
  bucket,
  label,
  description,
  error,
  disabled = false,
  onUploaded,
  onUploadError,
  onBusyChange,
  className,
  value,
  onChange,
  max,
  onTooMany,
  imageAlt = (index, total) => `Image ${index + 1} of ${total}`,
}: MultipleImageUploaderProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { pending, inFlight, uploadBatch, dismiss } = useImageUploads(bucket);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);

  // The newest list, also between our onChange and the parent's re-render (two batches may finish together).
  const latest = useRef<readonly ImageEntry[]>(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const commit = (next: ImageEntry[]) => {
    latest.current = next;
    onChange(next);
  };

  // Where keyboard focus goes once the parent has re-rendered with the changed list.
  const focusAfterChange = useRef<{ index: number; action: TileAction } | null>(null);
  useLayoutEffect(() => {
    const target = focusAfterChange.current;
    if (!target) return;
    focusAfterChange.current = null;
    const tiles = listRef.current;
    const button =
      tiles?.querySelector<HTMLElement>(
        `[data-image-index="${target.index}"] [data-action="${target.action}"]`,
      ) ??
      tiles?.querySelector<HTMLElement>(`[data-image-index="${target.index - 1}"] [data-action="remove"]`);
    (button ?? chooseRef.current)?.focus();
  }, [value]);

  const reportBusy = useEffectEvent((busy: boolean) => onBusyChange?.(busy));
  const busy = pending.some((entry) => entry.status === 'uploading');
  useEffect(() => reportBusy(busy), [busy]);

  // Identical consecutive messages would not be read again; a trailing no-break space makes them differ.
  const announce = (message: string) =>
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));

  const remaining = Math.max(0, max - value.length - inFlight);
  const total = value.length;

  const handleFiles = async (files: File[]) => {
    if (disabled || files.length === 0) return;
    const split = splitByAllowance(files, latest.current.length + inFlight, max);
    if (split.tooMany) onTooMany(split.remaining, max);
    const accepted = split.accepted;
    if (accepted.length === 0) return;
    announce(`Uploading ${plural(accepted.length, 'image')}.`);
    const result = await uploadBatch(accepted);
    if (!result) return;
    if (result.uploaded.length > 0) {
      commit(
        addImages(
          latest.current,
          result.uploaded.map(({ url }) => ({ url })),
        ),
      );
      onUploaded?.(result.uploaded);
    }
    const failed = result.failed.length;
    announce(
      [
        result.uploaded.length > 0 ? `${plural(result.uploaded.length, 'image')} uploaded.` : '',
        failed > 0 ? `${plural(failed, 'image')} could not be uploaded.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    for (const { error: cause, file } of result.failed) onUploadError?.(cause, file);
  };

  const { isOver, dropProps } = useFileDrop((files) => void handleFiles(files), disabled);

  const move = (from: number, to: number, action: TileAction | null) => {
    if (to < 0 || to >= total || from === to) return;
    if (action) focusAfterChange.current = { index: to, action };
    commit(moveImage(latest.current, from, to));
    announce(`Image ${from + 1} moved to position ${to + 1} of ${total}.`);
  };
  const makePrimary = (index: number) => {
    focusAfterChange.current = { index, action: 'primary' };
    commit(setPrimaryImage(latest.current, index));
    announce(`Image ${index + 1} is now the primary image.`);
  };
  const remove = (index: number) => {
    const wasPrimary = value[index]?.isPrimary === true;
    focusAfterChange.current = { index: Math.min(index, total - 2), action: 'remove' };
    commit(removeImageAt(latest.current, index));
    announce(
      `Image ${index + 1} removed. ${plural(total - 1, 'image')} left.${wasPrimary && total > 1 ? ' Image 1 is now the primary image.' : ''}`,
    );
  };

  const onTileDragStart = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only with some data set.
    event.dataTransfer.setData('text/plain', String(index + 1));
    setDragFrom(index);
  };
  const onTileDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dragOver !== index) setDragOver(index);
  };
  const onTileDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    move(dragFrom, index, null);
    setDragFrom(null);
    setDragOver(null);
  };
  const endDrag = () => {
    setDragFrom(null);
    setDragOver(null);
  };

  const describedBy = [description ? `${id}-description` : null, rulesId, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className={cn('grid gap-3', className)}
      {...dropProps}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        {Number.isFinite(max) && (
          <span className="text-xs text-muted-foreground">
            {value.length} of {max} images
          </span>
        )}
      </div>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}

      <div
        data-over={isOver || undefined}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-6 text-center transition-colors',
          'data-[over]:border-primary data-[over]:bg-secondary',
          error && 'border-destructive/60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          {isOver ? 'Drop the images to upload them' : 'Drag images here, or'}
        </p>
        <Button
          ref={chooseRef}
          variant="outline"
          className="h-11"
          disabled={disabled || remaining === 0}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          Choose images
        </Button>
        <p id={rulesId} className="text-xs text-muted-foreground">
          {FILE_RULES_TEXT} each.{' '}
          {remaining === 0
            ? `You have reached the limit of ${plural(max, 'image')}.`
            : Number.isFinite(remaining)
              ? `${remaining} more allowed.`
              : ''}
        </p>
        <HiddenFileInput inputRef={inputRef} multiple onFiles={(files) => void handleFiles(files)} />
      </div>

      {(total > 0 || pending.length > 0) && (
        <ul
          ref={listRef}
          aria-label={`${label}, in display order`}
          className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3"
        >
          {value.map((image, index) => (
            <li
              key={image.url}
              data-image-index={index}
              data-dragging={dragFrom === index || undefined}
              data-drop-target={(dragOver === index && dragFrom !== index) || undefined}
              draggable={!disabled}
              onDragStart={(event) => onTileDragStart(event, index)}
              onDragOver={(event) => onTileDragOver(event, index)}
              onDrop={(event) => onTileDrop(event, index)}
              onDragEnd={endDrag}
              className={cn(
                'overflow-hidden rounded-xl border bg-card shadow-sm transition-[opacity,box-shadow]',
                !disabled && 'cursor-grab active:cursor-grabbing',
                'data-[dragging]:opacity-50 data-[drop-target]:ring-2 data-[drop-target]:ring-primary',
                image.isPrimary && 'border-gold',
              )}
            >
              <div className="relative aspect-[4/3] bg-muted">
                <img
                  src={imageVariant(image.url, 400)}
                  alt={`${imageAlt(index, total)}${image.isPrimary ? ' (primary)' : ''}`}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  className="size-full object-cover"
                />
                {image.isPrimary && (
                  <Badge variant="gold" className="absolute top-2 left-2 shadow-sm">
                    <Star aria-hidden="true" className="fill-current" />
                    Primary
                  </Badge>
                )}
                <span
                  aria-hidden="true"
                  className="absolute top-2 right-2 rounded-md bg-background/85 px-1.5 py-0.5 text-xs font-medium"
                >
                  {index + 1}
                </span>
              </div>
              <div className="flex items-center justify-between gap-1 p-1">
                <div className="flex gap-1">
                  <TileButton
                    data-action="earlier"
                    label={`Move image ${index + 1} earlier`}
                    inactive={disabled || index === 0}
                    onClick={() => move(index, index - 1, 'earlier')}
                  >
                    <ArrowUp aria-hidden="true" className="min-[480px]:hidden" />
                    <ArrowLeft aria-hidden="true" className="hidden min-[480px]:block" />
                  </TileButton>
                  <TileButton
                    data-action="later"
                    label={`Move image ${index + 1} later`}
                    inactive={disabled || index === total - 1}
                    onClick={() => move(index, index + 1, 'later')}
                  >
                    <ArrowDown aria-hidden="true" className="min-[480px]:hidden" />
                    <ArrowRight aria-hidden="true" className="hidden min-[480px]:block" />
                  </TileButton>
                </div>
                <div className="flex gap-1">
                  <TileButton
                    data-action="primary"
                    label={
                      image.isPrimary
                        ? `Image ${index + 1} is the primary image`
                        : `Set image ${index + 1} as primary`
                    }
                    inactive={disabled || image.isPrimary}
                    onClick={() => makePrimary(index)}
                  >
                    <Star aria-hidden="true" className={cn(image.isPrimary && 'fill-gold text-gold')} />
                  </TileButton>
                  <TileButton
                    data-action="remove"
                    label={`Remove image ${index + 1}`}
                    inactive={disabled}
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </TileButton>
                </div>
              </div>
            </li>
          ))}
          {pending.map((entry) => (
            <PendingTile key={entry.key} entry={entry} onDismiss={() => dismiss(entry.key)} />
          ))}
        </ul>
      )}

      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function PendingTile({ entry, onDismiss }: { entry: PendingUpload; onDismiss: () => void }) {
  const failed = entry.status === 'error';
  return (
    <li
      className={cn('overflow-hidden rounded-xl border bg-card shadow-sm', failed && 'border-destructive/60')}
    >
      <div className="relative aspect-[4/3] bg-muted">
        {failed ? (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-8" />
          </div>
        ) : (
          <img src={entry.previewUrl} alt="" className="size-full object-cover opacity-60" />
        )}
      </div>
      <div className="grid gap-2 p-3">
        <p className="truncate text-sm font-medium" title={entry.fileName}>
          {entry.fileName}
        </p>
        {failed ? (
          <div className="flex items-start justify-between gap-2">
            <p role="alert" className="text-sm text-destructive">
              {entry.error}
            </p>
            <TileButton
              label={`Dismiss ${entry.fileName}`}
              className="-mt-2.5 -mr-2 shrink-0"
              onClick={onDismiss}
            >
              <X aria-hidden="true" />
            </TileButton>
          </div>
        ) : (
          <>
            <Progress value={entry.progress} aria-label={`Uploading ${entry.fileName}`} />
            <p className="text-xs text-muted-foreground">
              {entry.status === 'done'
                ? 'Uploaded'
                : entry.progress >= 99
                  ? 'Processing…'
                  : `${entry.progress}%`}
            </p>
          </>
        )}
      </div>
    </li>
  );
}
