/**
 * The two Settings tabs: Profile (full name, phone, city, province, avatar; email read-only) and Business
 * (business name, description, logo; package, expiry and payment status read-only).
 */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { format } from 'date-fns';
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
import { Badge } from '../../components/ui/badge.tsx';
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

/** The picture and logo uploaders tell the same things the same way. */
const uploadToasts = {
  onUploaded: () => toast.success('Image uploaded successfully'),
  onUploadError: (error: unknown) => toast.error(errorMessage(error, UPLOAD_FAILED_MESSAGE)),
};

const NO_PROVINCE = 'none';

export function ProfileForm({ profile }: { profile: ProfileView }) {
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
        <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
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

function paymentBadge(status: string) {
  const variant = status === 'active' ? 'success' : status === 'pending' ? 'warning' : 'destructive';
  return <Badge variant={variant}>{status[0]!.toUpperCase() + status.slice(1)}</Badge>;
}

export function BusinessForm({ business }: { business: BusinessView }) {
  const save = useSaveBusiness();
  const [uploading, setUploading] = useState(false);
  const defaults: BusinessSettingsInput = {
    businessName: business.businessName,
    description: business.description ?? '',
    logoUrl: business.logoUrl,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(businessSettingsSchema, { defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(PROVIDER_MESSAGES.businessUpdated);
    } catch (error) {
      applyServerErrors(error, setError, ['businessName', 'description', 'logoUrl']);
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
      <dl className="grid gap-4 rounded-lg border bg-muted/40 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Package</dt>
          <dd className="font-medium">{business.packageName}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className="font-medium">{expires ? format(expires, 'MMM d, yyyy') : 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payment status</dt>
          <dd>{paymentBadge(business.paymentStatus)}</dd>
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
