/**
 * The two Settings tabs: Profile (full name, phone, city, province, avatar; email read-only) and Business
 * (business name, description, logo, the contact details the public sees on listings and the profile;
 * package, expiry and payment status read-only).
 */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { PROVINCES } from '@domain/constants.ts';
import {
  businessSettingsSchema,
  profileSettingsSchema,
  PROVIDER_MESSAGES,
  type BusinessSettingsInput,
  type BusinessView,
  type ProfileSettingsInput,
  type ProfileView,
} from '@domain/providers.ts';
import { FormField } from '../../components/form-field.tsx';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import { UPLOAD_FAILED_MESSAGE } from '../../components/image-uploader/use-image-uploads.ts';
import { PackageBadge } from '../../components/package-badge.tsx';
import { PaymentStatusBadge } from '../../components/payment-status-badge.tsx';
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
import { useSaveBusiness, useSaveProfile } from './api.ts';
import { formatDate } from '@domain/format.ts';

/** The picture and logo uploaders tell the same things the same way. */
const uploadToasts = {
  onUploaded: () => toast.success('Image uploaded successfully'),
  onUploadError: (error: unknown) => toast.error(errorMessage(error, UPLOAD_FAILED_MESSAGE)),
};

const NO_PROVINCE = 'none';

export function ProfileForm({ profile, phoneHint }: { profile: ProfileView; phoneHint?: string }) {
  const save = useSaveProfile();
  const [uploading, setUploading] = useState(false);
  const defaults: ProfileSettingsInput = {
    fullName: profile.fullName ?? '',
    phone: profile.phone ?? '',
    city: profile.city ?? '',
    province: profile.province ?? '',
    avatarUrl: profile.avatarUrl,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(profileSettingsSchema, { defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(PROVIDER_MESSAGES.profileUpdated);
    } catch (error) {
      applyServerErrors(error, setError, ['fullName', 'phone', 'city', 'province', 'avatarUrl']);
      toast.error(errorMessage(error, 'Failed to update profile'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Profile">
      <Controller
        control={control}
        name="avatarUrl"
        render={({ field }) => (
          <ImageUploader
            mode="single"
            bucket="avatars"
            label="Profile picture"
            alt="Your profile picture"
            shape="circle"
            value={(field.value as string | null) ?? null}
            onChange={field.onChange}
            {...uploadToasts}
            onBusyChange={setUploading}
          />
        )}
      />
      <FormField id="profile-email" label="Email" hint="Your email cannot be changed here.">
        <Input value={profile.email} readOnly aria-readonly="true" className="bg-muted" />
      </FormField>
      <FormField id="profile-full-name" label="Full Name" required error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-phone" label="Phone" hint={phoneHint} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField id="profile-city" label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
      </div>
      <FormField
        id="profile-province"
        label="Province"
        error={errors.province?.message as string | undefined}
      >
        <Controller
          control={control}
          name="province"
          render={({ field }) => (
            <Select
              value={(field.value as string) || NO_PROVINCE}
              onValueChange={(v) => field.onChange(v === NO_PROVINCE ? '' : v)}
            >
              <SelectTrigger id="profile-province" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_PROVINCE}>Not set</SelectItem>
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
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting && <Spinner label={null} />}
          Save Profile
        </Button>
      </div>
    </form>
  );
}

function businessDefaults(business: BusinessView): BusinessSettingsInput {
  return {
    businessName: business.businessName,
    description: business.description ?? '',
    logoUrl: business.logoUrl,
    phone: business.phone ?? '',
    whatsApp: business.whatsApp ?? '',
    enquiryEmail: business.enquiryEmail ?? '',
    website: business.website ?? '',
  };
}

export function BusinessForm({ business }: { business: BusinessView }) {
  const save = useSaveBusiness();
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(businessSettingsSchema, { defaultValues: businessDefaults(business) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The numbers and the website come back in their stored form ('082 123 4567', 'https://…/').
      reset(businessDefaults(await save.mutateAsync(values)));
      toast.success(PROVIDER_MESSAGES.businessUpdated);
    } catch (error) {
      applyServerErrors(error, setError, [
        'businessName',
        'description',
        'logoUrl',
        'phone',
        'whatsApp',
        'enquiryEmail',
        'website',
      ]);
      toast.error(errorMessage(error, 'Failed to update business settings'));
    }
  });

  const expires = business.packageExpiresAt ? new Date(business.packageExpiresAt) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Business">
      <Controller
        control={control}
        name="logoUrl"
        render={({ field }) => (
          <ImageUploader
            mode="single"
            bucket="logos"
            label="Business logo"
            alt="Business logo"
            value={(field.value as string | null) ?? null}
            onChange={field.onChange}
            {...uploadToasts}
            onBusyChange={setUploading}
          />
        )}
      />
      <FormField id="business-name" label="Business Name" required error={errors.businessName?.message}>
        <Input autoComplete="organization" {...register('businessName')} />
      </FormField>
      <FormField id="business-description" label="Description" error={errors.description?.message}>
        <Textarea rows={5} {...register('description')} />
      </FormField>
      <fieldset className="grid gap-5 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">Contact details</legend>
        <p className="-mt-2 text-sm text-muted-foreground">
          Shown on your listings and your provider profile, so customers can reach you. Without a phone number
          they send an enquiry.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="business-phone"
            label="Contact phone"
            hint="A South African number, e.g. 082 123 4567."
            error={errors.phone?.message}
          >
            <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
          </FormField>
          <FormField
            id="business-whatsapp"
            label="WhatsApp number"
            hint="A South African mobile number."
            error={errors.whatsApp?.message}
          >
            <Input type="tel" inputMode="tel" {...register('whatsApp')} />
          </FormField>
        </div>
        <FormField id="business-email" label="Email for enquiries" error={errors.enquiryEmail?.message}>
          <Input type="email" autoComplete="email" {...register('enquiryEmail')} />
        </FormField>
        <FormField
          id="business-website"
          label="Website"
          hint="Your site's https address, e.g. https://example.co.za"
          error={errors.website?.message}
        >
          <Input type="url" inputMode="url" placeholder="https://" {...register('website')} />
        </FormField>
      </fieldset>
      <dl className="grid gap-4 rounded-lg border bg-muted/40 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Package</dt>
          <dd>
            <PackageBadge packageType={business.packageType} label={business.packageName} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className="font-medium">{expires ? formatDate(expires) : 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payment status</dt>
          <dd>
            <PaymentStatusBadge status={business.paymentStatus} />
          </dd>
        </div>
      </dl>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting && <Spinner label={null} />}
          Save Business
        </Button>
      </div>
    </form>
  );
}
