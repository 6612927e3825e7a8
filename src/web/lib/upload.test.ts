import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@domain/constants.ts';
import { ApiError } from './api.ts';
import { imageFileError, isAbortError, uploadImage, UPLOAD_ENDPOINT } from './upload.ts';

/** Just enough of XMLHttpRequest for the upload client, driven by the test. */
class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const png = (size = 2048, name = 'photo.png', type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });
const last = () => FakeXhr.instances.at(-1)!;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadImage', () => {
  it('posts multipart with the bucket before the file and resolves with id and url', async () => {
    const file = png();
    const promise = uploadImage('listing-images', file);
    const xhr = last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_ENDPOINT);
    expect(xhr.headers.Accept).toBe('application/json');
    expect([...xhr.body!.keys()]).toEqual(['bucket', 'file']);
    expect(xhr.body!.get('bucket')).toBe('listing-images');
    expect((xhr.body!.get('file') as File).name).toBe('photo.png');

    xhr.respond(201, { id: 'ab12', url: '/uploads/listing-images/ab12-800.webp' });
    await expect(promise).resolves.toEqual({ id: 'ab12', url: '/uploads/listing-images/ab12-800.webp' });
  });

  it('reports progress in whole percent, holding 100 until the server has answered', async () => {
    const onProgress = vi.fn();
    const promise = uploadImage('logos', png(), { onProgress });
    const xhr = last();
    xhr.progress(25, 100);
    xhr.progress(1000, 1000);
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([25, 99]);
    xhr.respond(201, { id: 'x', url: '/uploads/logos/x-800.webp' });
    await promise;
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it.each([
    [400, 'UNSUPPORTED_IMAGE', 'Only JPEG, PNG, WebP or GIF images are allowed'],
    [400, 'INVALID_IMAGE', 'The image file could not be read'],
    [400, 'NO_FILE', 'You must select an image to upload.'],
    [401, 'UNAUTHORIZED', 'Please sign in to continue'],
    [403, 'FORBIDDEN', 'You may not upload here'],
    [413, 'PAYLOAD_TOO_LARGE', 'Images must be 10 MB or smaller'],
    [429, 'RATE_LIMITED', 'Too many requests'],
  ])('turns a %i %s answer into an ApiError with the server message', async (status, code, message) => {
    const promise = uploadImage('avatars', png());
    last().respond(status, { error: { code, message } });
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message });
  });

  it('keeps field messages of a validation error', async () => {
    const promise = uploadImage('avatars', png());
    last().respond(400, {
      error: { code: 'VALIDATION_ERROR', message: 'Invalid', fields: { bucket: 'Unknown' } },
    });
    expect(await rejection(promise)).toMatchObject({ fields: { bucket: 'Unknown' } });
  });

  it('gives readable messages for a 413 or 429 without the app’s body', async () => {
    const big = uploadImage('avatars', png());
    last().respond(413, '<html>Request Entity Too Large</html>', 'Payload Too Large');
    expect(await rejection(big)).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Images must be 10 MB or smaller',
    });
    const busy = uploadImage('avatars', png());
    last().respond(429, '', 'Too Many Requests');
    expect(await rejection(busy)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('refuses a success answer it cannot read', async () => {
    const promise = uploadImage('avatars', png());
    last().respond(201, { url: 42 });
    expect(await rejection(promise)).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a network failure like the JSON client does', async () => {
    const promise = uploadImage('avatars', png());
    last().fail();
    expect(await rejection(promise)).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('cancels through the signal with an AbortError', async () => {
    const controller = new AbortController();
    const promise = uploadImage('avatars', png(), { signal: controller.signal });
    controller.abort();
    const error = await rejection(promise);
    expect(last().aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(await rejection(uploadImage('avatars', png(), { signal: controller.signal })))).toBe(
      true,
    );
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('client-side checks: bad files never leave the browser', () => {
  it.each([
    ['a PDF', new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), 400, 'UNSUPPORTED_IMAGE'],
    ['an SVG', new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), 400, 'UNSUPPORTED_IMAGE'],
    ['an empty image', png(0), 400, 'INVALID_IMAGE'],
    ['an image over 10 MB', png(LIMITS.imageMaxBytes + 1), 413, 'PAYLOAD_TOO_LARGE'],
  ])('%s is refused without a request', async (_name, file, status, code) => {
    const error = await rejection(uploadImage('listing-images', file));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code });
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('imageFileError gives the server’s messages', () => {
    expect(imageFileError(null)?.message).toBe('You must select an image to upload.');
    expect(imageFileError(png(LIMITS.imageMaxBytes))).toBeNull();
    expect(imageFileError(new File(['x'], 'a.bmp', { type: 'image/bmp' }))?.message).toBe(
      'Only JPEG, PNG, WebP or GIF images are allowed',
    );
  });
});
