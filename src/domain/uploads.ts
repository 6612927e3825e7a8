/** Image uploads (POST /api/uploads): the buckets of the spec and the messages both sides show. */
export const UPLOAD_BUCKETS = ['listing-images', 'logos', 'avatars', 'hero-banners', 'site-assets'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

export const UPLOAD_MESSAGES = {
  noFile: 'You must select an image to upload.',
  unknownBucket: 'Unknown upload folder',
  notAllowed: 'You may not upload images here',
  notFound: 'An image was not found. Please upload it again.',
  tooMany: 'Too many uploads. Please wait a few minutes and try again.',
  /** The pipeline's own messages (src/server/storage/images.ts). */
  unsupported: 'Only JPEG, PNG, WebP or GIF images are allowed',
  tooLarge: 'Images must be 10 MB or smaller',
  invalid: 'The image file could not be read',
} as const;
