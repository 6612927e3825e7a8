/** Pieces both image uploaders share: the common props, the hidden file input, a 44 px icon button. */
import type { ComponentProps, ReactNode, Ref } from 'react';
import { IMAGE_ACCEPT, type UploadBucket, type UploadedImage } from '@domain/images.ts';
import { cn } from '../../lib/utils.ts';
import { Button } from '../ui/button.tsx';

export interface ImageUploaderCommonProps {
  /** Where the files are stored (listing-images, logos, avatars, hero-banners, site-assets). */
  bucket: UploadBucket;
  /** The visible name of the control group, e.g. "Listing images" or "Business logo". */
  label: string;
  /** Help under the label. */
  description?: ReactNode;
  /** The field's validation message (e.g. "Please add at least one image to your listing"). */
  error?: string;
  disabled?: boolean;
  /** After each batch that uploaded something, e.g. for the "{n} image(s) uploaded successfully" toast. */
  onUploaded?: (images: UploadedImage[]) => void;
  /** For each refused file, after its message is shown next to it (e.g. to toast the server's message). */
  onUploadError?: (error: unknown, file: File) => void;
  /** True while uploads run, e.g. to hold the form's submit button. */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
}

export const FILE_RULES_TEXT = 'JPEG, PNG, WebP or GIF, up to 10 MB';

/** The real file input, hidden: the visible button opens it, so it gets the button's look and label. */
export function HiddenFileInput({
  inputRef,
  multiple,
  onFiles,
}: {
  inputRef: Ref<HTMLInputElement>;
  multiple: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={IMAGE_ACCEPT}
      multiple={multiple}
      hidden
      tabIndex={-1}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        // Cleared so that choosing the same file again still fires a change.
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}

/**
 * A 44×44 px icon button with its name for assistive technology and as a tooltip. `inactive` marks it
 * unavailable with aria-disabled instead of disabled, so it keeps focus (after a keyboard move to the end
 * of the list, focus stays where the user was).
 */
export function TileButton({
  label,
  inactive = false,
  className,
  onClick,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'aria-label'> & { label: string; inactive?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled={inactive || undefined}
      className={cn('size-11 aria-disabled:cursor-default aria-disabled:opacity-40', className)}
      onClick={(event) => {
        if (!inactive) onClick?.(event);
      }}
      {...props}
    >
      {children}
    </Button>
  );
}
