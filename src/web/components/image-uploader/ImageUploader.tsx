/**
 * The one image uploader of the app, over POST /api/uploads (src/web/lib/upload.ts):
 * - `mode="multiple"`: an ordered set with one primary under an allowance (listing images);
 * - `mode="single"`: one image with replace and remove (logo, avatar, hero banner, article image).
 * Both are controlled: the screen holds the value (usually a react-hook-form field) and saves it.
 * `tooManyImagesMessage` (src/domain/images.ts) gives the spec's toast text for `onTooMany`.
 *
 *   <ImageUploader mode="multiple" bucket="listing-images" label="Listing images" value={images}
 *     onChange={setImages} max={limits.maxImages}
 *     onTooMany={(n, max) => { const m = tooManyImagesMessage(n, max); toast.error(m.title, { description: m.description }); }} />
 *   <ImageUploader mode="single" bucket="logos" label="Business logo" alt="Business logo"
 *     value={logoUrl} onChange={setLogoUrl} />
 */
import { MultipleImageUploader, type MultipleImageUploaderProps } from './MultipleImageUploader.tsx';
import { SingleImageUploader, type SingleImageUploaderProps } from './SingleImageUploader.tsx';

export type ImageUploaderProps =
  ({ mode: 'multiple' } & MultipleImageUploaderProps) | ({ mode: 'single' } & SingleImageUploaderProps);

export function ImageUploader(props: ImageUploaderProps) {
  if (props.mode === 'multiple') {
    const { mode: _mode, ...rest } = props;
    return <MultipleImageUploader {...rest} />;
  }
  const { mode: _mode, ...rest } = props;
  return <SingleImageUploader {...rest} />;
}
