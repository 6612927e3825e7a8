/**
 * Add or edit a social link: platform (one of the eight), URL (an https or http address), optional icon name
 * and the active switch, validated with the shared schema ("Platform and URL are required"). New links go
 * to the end of the order.
 */
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { SOCIAL_PLATFORMS } from '@domain/constants.ts';
import { socialLinkInputSchema, type AdminSocialLink } from '@domain/content.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useCreateSocialLink, useUpdateSocialLink } from './admin-api.ts';
import { platformIcon, platformName } from './social-platforms.ts';

const EMPTY = { platform: undefined, url: '', icon: '', isActive: true };

export function SocialLinkDialog({
  open,
  onOpenChange,
  link,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link to edit; null to add one. */
  link: AdminSocialLink | null;
}) {
  const form = useZodForm(socialLinkInputSchema, { defaultValues: EMPTY as never });
  const create = useCreateSocialLink();
  const update = useUpdateSocialLink();
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      link
        ? { platform: link.platform as never, url: link.url, icon: link.icon ?? '', isActive: link.isActive }
        : (EMPTY as never),
    );
  }, [open, link, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (link) await update.mutateAsync({ id: link.id, ...values });
      else await create.mutateAsync(values);
      toast.success(link ? 'Social link updated' : 'Social link added');
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['platform', 'url', 'icon']);
      toast.error(errorMessage(error, 'Failed to save social link'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{link ? 'Edit social link' : 'Add social link'}</DialogTitle>
          <DialogDescription>Active links are shown as icons in the site footer, in order.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Controller
            control={form.control}
            name="platform"
            render={({ field }) => (
              <div className="grid gap-2">
                <Label htmlFor="social-platform">
                  Platform
                  <span aria-hidden="true" className="text-destructive">
                    *
                  </span>
                </Label>
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="social-platform"
                    className="w-full"
                    onBlur={field.onBlur}
                    aria-invalid={errors.platform ? true : undefined}
                    aria-describedby={errors.platform ? 'social-platform-error' : undefined}
                  >
                    <SelectValue placeholder="Choose a platform" />
                  </SelectTrigger>
                  <SelectContent>
                    {SOCIAL_PLATFORMS.map((platform) => {
                      const Icon = platformIcon(platform);
                      return (
                        <SelectItem key={platform} value={platform}>
                          <Icon aria-hidden="true" />
                          {platformName(platform)}
                        </SelectItem>
                      );
                    })}
                  </SelectContent>
                </Select>
                {errors.platform?.message && (
                  <p id="social-platform-error" role="alert" className="text-sm font-medium text-destructive">
                    {errors.platform.message}
                  </p>
                )}
              </div>
            )}
          />
          <FormField id="social-url" label="URL" required error={errors.url?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...form.register('url')} />
          </FormField>
          <FormField
            id="social-icon"
            label="Icon (optional)"
            hint="Optional name kept with the link. The footer shows the platform's icon."
            error={errors.icon?.message}
          >
            <Input {...form.register('icon')} />
          </FormField>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
                <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
                Active (shown in the footer)
              </label>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting && <Spinner label={null} />}
              {link ? 'Save changes' : 'Add link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
