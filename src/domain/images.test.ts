import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.ts';
import {
  addImages,
  checkImageFile,
  moveImage,
  normalizeImages,
  remainingImageSlots,
  removeImageAt,
  setPrimaryImage,
  splitByAllowance,
  tooManyImagesMessage,
  UPLOAD_ERRORS,
  uploadBucketSchema,
  uploadedImageSchema,
  withDisplayOrder,
  type ImageEntry,
} from './images.ts';

const img = (name: string, isPrimary = false): ImageEntry => ({
  url: `/uploads/listing-images/${name}-800.webp`,
  isPrimary,
});
const names = (images: readonly ImageEntry[]) =>
  images.map((i) => i.url.split('/').pop()!.replace('-800.webp', ''));
const primaryOf = (images: readonly ImageEntry[]) => names(images.filter((i) => i.isPrimary));

/** Every list the rules hand out has exactly one primary when it is not empty. */
function expectOnePrimary(images: readonly ImageEntry[]) {
  expect(images.filter((i) => i.isPrimary)).toHaveLength(images.length === 0 ? 0 : 1);
}

describe('image set rules', () => {
  it('the first uploaded image becomes primary', () => {
    const list = addImages<ImageEntry>([], [{ url: img('a').url }, { url: img('b').url }]);
    expect(names(list)).toEqual(['a', 'b']);
    expect(primaryOf(list)).toEqual(['a']);
  });

  it('adding to a list keeps its primary', () => {
    const list = addImages([img('a'), img('b', true)], [{ url: img('c').url }]);
    expect(names(list)).toEqual(['a', 'b', 'c']);
    expect(primaryOf(list)).toEqual(['b']);
  });

  it('removing the primary makes the first remaining one primary', () => {
    const list = removeImageAt([img('a'), img('b', true), img('c')], 1);
    expect(names(list)).toEqual(['a', 'c']);
    expect(primaryOf(list)).toEqual(['a']);
  });

  it('removing another image keeps the primary', () => {
    const list = removeImageAt([img('a'), img('b', true), img('c')], 0);
    expect(primaryOf(list)).toEqual(['b']);
  });

  it('removing the last image leaves an empty list', () => {
    expect(removeImageAt([img('a', true)], 0)).toEqual([]);
  });

  it('set-primary clears the others', () => {
    const list = setPrimaryImage([img('a', true), img('b'), img('c')], 2);
    expect(primaryOf(list)).toEqual(['c']);
    expectOnePrimary(list);
  });

  it('moving keeps the primary flag with its image', () => {
    const list = moveImage([img('a', true), img('b'), img('c')], 0, 2);
    expect(names(list)).toEqual(['b', 'c', 'a']);
    expect(primaryOf(list)).toEqual(['a']);
  });

  it('moving earlier and later by one', () => {
    const list = [img('a', true), img('b'), img('c')];
    expect(names(moveImage(list, 2, 1))).toEqual(['a', 'c', 'b']);
    expect(names(moveImage(list, 0, 1))).toEqual(['b', 'a', 'c']);
  });

  it('clamps moves past the ends and ignores unknown positions', () => {
    const list = [img('a', true), img('b'), img('c')];
    expect(names(moveImage(list, 0, 99))).toEqual(['b', 'c', 'a']);
    expect(names(moveImage(list, 2, -5))).toEqual(['c', 'a', 'b']);
    expect(names(moveImage(list, 7, 0))).toEqual(['a', 'b', 'c']);
    expect(names(removeImageAt(list, -1))).toEqual(['a', 'b', 'c']);
    expect(primaryOf(setPrimaryImage(list, 3))).toEqual(['a']);
  });

  it('reordering renumbers the display order 0..n-1', () => {
    const moved = moveImage([img('a', true), img('b'), img('c')], 2, 0);
    expect(withDisplayOrder(moved).map((i) => [names([i])[0], i.displayOrder])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('repairs lists with no primary or several', () => {
    expect(primaryOf(normalizeImages([img('a'), img('b')]))).toEqual(['a']);
    expect(primaryOf(normalizeImages([img('a'), img('b', true), img('c', true)]))).toEqual(['b']);
    expect(normalizeImages([])).toEqual([]);
  });

  it('keeps extra fields (the server keeps ids)', () => {
    const rows = [
      { id: 'x', url: 'x', isPrimary: false },
      { id: 'y', url: 'y', isPrimary: true },
    ];
    expect(removeImageAt(rows, 1)).toEqual([{ id: 'x', url: 'x', isPrimary: true }]);
    expect(withDisplayOrder(rows)[1]).toEqual({ id: 'y', url: 'y', isPrimary: true, displayOrder: 1 });
  });

  it('does not change the list it was given', () => {
    const list = [img('a', true), img('b')];
    const copy = structuredClone(list);
    moveImage(list, 0, 1);
    setPrimaryImage(list, 1);
    removeImageAt(list, 0);
    addImages(list, [{ url: 'c' }]);
    expect(list).toEqual(copy);
  });

  it('exactly one primary after any sequence of operations', () => {
    let list: ImageEntry[] = [];
    const steps: ((l: ImageEntry[]) => ImageEntry[])[] = [
      (l) => addImages(l, [{ url: 'a' }, { url: 'b' }, { url: 'c' }]),
      (l) => setPrimaryImage(l, 2),
      (l) => moveImage(l, 2, 0),
      (l) => removeImageAt(l, 0),
      (l) => addImages(l, [{ url: 'd' }]),
      (l) => moveImage(l, 0, 2),
      (l) => removeImageAt(l, 2),
      (l) => removeImageAt(l, 0),
      (l) => removeImageAt(l, 0),
      (l) => addImages(l, [{ url: 'e' }]),
    ];
    for (const step of steps) {
      list = step(list);
      expectOnePrimary(list);
    }
    expect(list).toEqual([{ url: 'e', isPrimary: true }]);
  });
});

describe('allowance', () => {
  it('remainingImageSlots', () => {
    expect(remainingImageSlots(0, 3)).toBe(3);
    expect(remainingImageSlots(3, 3)).toBe(0);
    expect(remainingImageSlots(5, 3)).toBe(0);
    expect(remainingImageSlots(100, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('splitByAllowance accepts what fits and refuses the extra files', () => {
    expect(splitByAllowance(['f1', 'f2', 'f3', 'f4'], 1, 3)).toEqual({
      accepted: ['f1', 'f2'],
      refused: ['f3', 'f4'],
      remaining: 2,
      tooMany: true,
    });
    expect(splitByAllowance(['f1'], 3, 3)).toEqual({
      accepted: [],
      refused: ['f1'],
      remaining: 0,
      tooMany: true,
    });
    expect(splitByAllowance(['f1', 'f2'], 0, 3)).toEqual({
      accepted: ['f1', 'f2'],
      refused: [],
      remaining: 3,
      tooMany: false,
    });
  });
});

describe('tooManyImagesMessage', () => {
  it('is the spec text', () => {
    expect(tooManyImagesMessage(2, 3)).toEqual({
      title: 'Too many images',
      description: 'You can only upload 2 more image(s). Your package allows 3 images per listing.',
    });
  });
});

describe('checkImageFile (the browser-side check)', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.png', 'image/png'],
    ['photo.webp', 'image/webp'],
    ['anim.gif', 'image/gif'],
    ['old.jpg', 'image/pjpeg'],
    ['PHOTO.JPG', 'IMAGE/JPEG'],
    ['no-type.jpeg', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkImageFile(file(name, type))).toBeNull();
  });

  it.each([
    ['doc.pdf', 'application/pdf'],
    ['vector.svg', 'image/svg+xml'],
    ['photo.heic', 'image/heic'],
    ['page.html', 'text/html'],
    ['fake.jpg', 'application/octet-stream'],
    ['no-type.exe', ''],
    ['no-extension', ''],
  ])('refuses %s (%s) as unsupported', (name, type) => {
    expect(checkImageFile(file(name, type))).toEqual({
      code: 'UNSUPPORTED_IMAGE',
      message: 'Only JPEG, PNG, WebP or GIF images are allowed',
    });
  });

  it('refuses a missing file with the spec message', () => {
    expect(checkImageFile(null)).toEqual({ code: 'NO_FILE', message: 'You must select an image to upload.' });
  });

  it('refuses an empty file as unreadable', () => {
    expect(checkImageFile(file('a.png', 'image/png', 0))).toEqual({
      code: 'INVALID_IMAGE',
      message: 'The image file could not be read',
    });
  });

  it('allows exactly 10 MB and refuses one byte more', () => {
    expect(checkImageFile(file('a.png', 'image/png', LIMITS.imageMaxBytes))).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png', LIMITS.imageMaxBytes + 1))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_ERRORS.PAYLOAD_TOO_LARGE,
    });
    expect(UPLOAD_ERRORS.PAYLOAD_TOO_LARGE).toBe('Images must be 10 MB or smaller');
  });
});

describe('upload contract schemas', () => {
  it('knows the five buckets', () => {
    for (const bucket of ['listing-images', 'logos', 'avatars', 'hero-banners', 'site-assets']) {
      expect(uploadBucketSchema.parse(bucket)).toBe(bucket);
    }
    expect(uploadBucketSchema.safeParse('../etc').success).toBe(false);
  });

  it('reads the 201 answer', () => {
    expect(uploadedImageSchema.parse({ id: 'ab12', url: '/uploads/logos/ab12-800.webp', extra: 1 })).toEqual({
      id: 'ab12',
      url: '/uploads/logos/ab12-800.webp',
    });
    expect(uploadedImageSchema.safeParse({ id: 'ab12' }).success).toBe(false);
  });
});
