/**
 * The one listing form (create and edit): title, category, description, province, city, price range,
 * optional coordinates with 'Use my location', and the listing images (the shared uploader under the
 * package's allowance). Validated with the shared listingFormSchema, as the server does.
 */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { LocateFixed } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LIMITS, PROVINCES } from '@domain/constants.ts';
import { tooManyImagesMessage, type ImageEntry } from '@domain/images.ts';
import type { Category } from '@domain/listings.ts';
import {
  LISTING_MESSAGES,
  listingFormSchema,
  type ListingForm as ListingValues,
  type ListingFormInput,
} from '@domain/providers.ts';
import { FormField } from '../../components/form-field.tsx';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

export interface ListingFormValues {
  title: string;
  categoryId: string;
  description: string;
  province: string;
  city: string;
  priceFrom: string;
  priceTo: string;
  latitude: string;
  longitude: string;
  images: ImageEntry[];
}

export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  categoryId: '',
  description: '',
  province: '',
  city: '',
  priceFrom: '',
  priceTo: '',
  latitude: '',
  longitude: '',
  images: [],
};

const FIELDS = [
  'title',
  'categoryId',
  'description',
  'province',
  'city',
  'priceFrom',
  'priceTo',
  'latitude',
  'longitude',
  'images',
] as const;

export function ListingForm({
  initial,
  categories,
  categoriesFailed,
  maxImages,
  submitLabel,
  onSubmit,
  failMessage,
}: {
  initial: ListingFormValues;
  /** The category choices (the public catalogue's, which the page loads); undefined while loading. */
  categories: Category[] | undefined;
  categoriesFailed: boolean;
  maxImages: number;
  submitLabel: string;
  onSubmit: (values: ListingValues) => Promise<void>;
  /** The toast when saving fails and the server gave no message. */
  failMessage: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [locating, setLocating] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(listingFormSchema, {
    // Inputs hold strings; '' (no province chosen yet) is refused by the schema with its message.
    defaultValues: initial as unknown as ListingFormInput,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(error, setError, [...FIELDS]);
      toast.error(errorMessage(error, failMessage));
    }
  });

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      toast.error('Geolocation is not supported by your browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const opts = { shouldDirty: true, shouldValidate: true };
        setValue('latitude', position.coords.latitude.toFixed(6), opts);
        setValue('longitude', position.coords.longitude.toFixed(6), opts);
        toast.success('Location added');
      },
      (error) => {
        setLocating(false);
        toast.error(error.message || 'Unable to get your location');
      },
      { timeout: LIMITS.geolocationTimeoutMs },
    );
  };

  const busy = isSubmitting || uploading;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message as string | undefined;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Listing details">
      <FormField id="listing-title" label="Title" required error={err('title')}>
        <Input placeholder="e.g. Matric Farewell Photography" {...register('title')} />
      </FormField>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="listing-category" label="Category" required error={err('categoryId')}>
          <Controller
            control={control}
            name="categoryId"
            render={({ field }) => (
              <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
                <SelectTrigger id="listing-category" className="w-full" onBlur={field.onBlur}>
                  <SelectValue
                    placeholder={categoriesFailed ? LISTING_MESSAGES.categoriesFailed : 'Select a category'}
                  />
                </SelectTrigger>
                <SelectContent>
                  {categories?.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id="listing-province" label="Province" required error={err('province')}>
          <Controller
            control={control}
            name="province"
            render={({ field }) => (
              <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
                <SelectTrigger id="listing-province" className="w-full" onBlur={field.onBlur}>
                  <SelectValue placeholder="Select a province" />
                </SelectTrigger>
                <SelectContent>
                  {PROVINCES.map((p) => (
                    <SelectItem key={p.value} value={p.value}>
                      {p.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </div>

      <FormField id="listing-description" label="Description" required error={err('description')}>
        <Textarea
          rows={6}
          placeholder="Describe your service, what is included and what makes it special"
          {...register('description')}
        />
      </FormField>

      <FormField id="listing-city" label="City" required error={err('city')}>
        <Input placeholder="e.g. Johannesburg" autoComplete="address-level2" {...register('city')} />
      </FormField>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="listing-price-from" label="Price From (R)" error={err('priceFrom')} hint="Optional">
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            {...register('priceFrom')}
          />
        </FormField>
        <FormField id="listing-price-to" label="Price To (R)" error={err('priceTo')} hint="Optional">
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            {...register('priceTo')}
          />
        </FormField>
      </div>

      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Location on the map (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="listing-latitude" label="Latitude" error={err('latitude')}>
            <Input
              type="number"
              inputMode="decimal"
              step="any"
              placeholder="-26.2041"
              {...register('latitude')}
            />
          </FormField>
          <FormField id="listing-longitude" label="Longitude" error={err('longitude')}>
            <Input
              type="number"
              inputMode="decimal"
              step="any"
              placeholder="28.0473"
              {...register('longitude')}
            />
          </FormField>
        </div>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={useMyLocation} disabled={locating}>
            {locating ? <Spinner label={null} /> : <LocateFixed aria-hidden="true" />}
            Use my location
          </Button>
        </div>
      </fieldset>

      <Controller
        control={control}
        name="images"
        render={({ field }) => (
          <ImageUploader
            mode="multiple"
            bucket="listing-images"
            label="Listing images"
            description={`Add up to ${maxImages} images. The primary image is shown first.`}
            value={(field.value as ImageEntry[]) ?? []}
            onChange={field.onChange}
            max={maxImages}
            error={err('images')}
            onTooMany={(remaining, max) => {
              const m = tooManyImagesMessage(remaining, max);
              toast.error(m.title, { description: m.description });
            }}
            onUploaded={(uploaded) =>
              toast.success(
                uploaded.length === 1
                  ? 'Image uploaded successfully'
                  : `${uploaded.length} image(s) uploaded successfully`,
              )
            }
            onUploadError={(error) => toast.error(errorMessage(error, 'Failed to upload image'))}
            onBusyChange={setUploading}
          />
        )}
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/dashboard/listings">Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {isSubmitting && <Spinner label={null} />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
