/**
 * One image with replace and remove: business logo, avatar, hero banner, article image, site logo. A file
 * comes from the button or is dropped on the control; while it uploads its preview shows with progress.
 * The current image stays until the new one has uploaded, so a refused file (its message shown here)
 * changes nothing.
 */
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { ImageIcon, ImageOff, Trash2, Upload, X } from 'lucide-react';
import { imageSrcSet, imageVariant } from '@domain/format.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { Progress } from '../ui/progress.tsx';
import { useFileDrop } from './use-file-drop.ts';
import { useImageUploads } from './use-image-uploads.ts';
import {
  FILE_RULES_TEXT,
  HiddenFileInput,
  TileButton,
  type ImageUploaderCommonProps,
} from './uploader-parts.tsx';

export interface SingleImageUploaderProps extends ImageUploaderCommonProps {
  /** The image's URL (the 800 px variant the upload answered with), or null when there is none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Alt text of the preview, e.g. "Business logo". */
  alt: string;
  /** Preview shape: 'square' (logos), 'circle' (avatars), 'wide' (banners and article images). */
  shape?: 'square' | 'circle' | 'wide';
}

/** How the picture fills the preview: a logo is shown whole (a wide one is not cut to a square). */
const FIT_CLASS = {
  square: 'object-contain bg-card p-1',
  circle: 'object-cover',
  wide: 'object-cover',
} as const;

const SHAPE_CLASS = {
  square: 'size-32 rounded-xl',
  circle: 'size-32 rounded-full',
  wide: 'aspect-[16/9] w-full rounded-xl sm:w-80',
} as const;

export function SingleImageUploader({
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
  alt,
  shape = 'square',
}: SingleImageUploaderProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const { pending, uploadBatch, dismiss } = useImageUploads(bucket);
  const current = pending.at(-1);
  const uploading = current !== undefined && current.status !== 'error';
  const refused = current?.status === 'error' ? current : undefined;

  const reportBusy = useEffectEvent((busy: boolean) => onBusyChange?.(busy));
  useEffect(() => reportBusy(uploading), [uploading]);

  const upload = async (files: File[]) => {
    const file = files[0];
    if (disabled || uploading || !file) return;
    for (const entry of pending) dismiss(entry.key);
    const result = await uploadBatch([file]);
    if (!result) return;
    const [image] = result.uploaded;
    if (image) {
      onChange(image.url);
      onUploaded?.(result.uploaded);
    }
    for (const { error: cause, file: failedFile } of result.failed) onUploadError?.(cause, failedFile);
  };

  const { isOver, dropProps } = useFileDrop((files) => void upload(files), disabled || uploading);

  const remove = () => {
    onChange(null);
    chooseRef.current?.focus();
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
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          data-over={isOver || undefined}
          className={cn(
            'relative flex shrink-0 items-center justify-center overflow-hidden border-2 border-dashed border-input bg-muted/30 transition-colors',
            'data-[over]:border-primary data-[over]:bg-secondary',
            value && !uploading && 'border-solid',
            error && 'border-destructive/60',
            SHAPE_CLASS[shape],
          )}
        >
          {uploading ? (
            <img src={current.previewUrl} alt="" className={cn('size-full opacity-60', FIT_CLASS[shape])} />
          ) : value ? (
            <img
              src={imageVariant(value, shape === 'wide' ? 800 : 400)}
              srcSet={shape === 'wide' ? imageSrcSet(value) : undefined}
              sizes={shape === 'wide' ? '(min-width: 640px) 20rem, 100vw' : undefined}
              alt={alt}
              decoding="async"
              draggable={false}
              className={cn('size-full', FIT_CLASS[shape])}
            />
          ) : (
            <span className="flex flex-col items-center gap-1 p-2 text-center text-xs text-muted-foreground">
              {isOver ? (
                'Drop to upload'
              ) : (
                <>
                  <ImageIcon aria-hidden="true" className="size-7" />
                  No image
                </>
              )}
            </span>
          )}
        </div>

        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              ref={chooseRef}
              variant="outline"
              className="h-11"
              disabled={disabled || uploading}
              onClick={() => inputRef.current?.click()}
            >
              <Upload aria-hidden="true" />
              {value ? 'Replace image' : 'Upload image'}
            </Button>
            {value && (
              <Button
                variant="ghost"
                className="h-11 text-destructive hover:bg-destructive/10 hover:text-destructive"
                disabled={disabled || uploading}
                onClick={remove}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            )}
          </div>
          <p id={rulesId} className="text-xs text-muted-foreground">
            {FILE_RULES_TEXT}. You can also drop an image here.
          </p>
          <HiddenFileInput inputRef={inputRef} multiple={false} onFiles={(files) => void upload(files)} />
          {uploading && (
            <div className="grid max-w-xs gap-1">
              <Progress value={current.progress} aria-label={`Uploading ${current.fileName}`} />
              <p className="text-xs text-muted-foreground">
                {current.progress >= 99 ? 'Processing…' : `Uploading ${current.progress}%`}
              </p>
            </div>
          )}
          {refused && (
            <div className="flex items-start gap-2">
              <ImageOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              <p role="alert" className="min-w-0 text-sm text-destructive">
                <span className="font-medium break-all">{refused.fileName}</span>: {refused.error}
              </p>
              <TileButton
                label={`Dismiss ${refused.fileName}`}
                className="-my-3 shrink-0"
                onClick={() => {
                  dismiss(refused.key);
                  chooseRef.current?.focus();
                }}
              >
                <X aria-hidden="true" />
              </TileButton>
            </div>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
