/**
 * The hero banners of the Hero tab: upload (through the image pipeline, with progress) adds a banner at the
 * end, active; each banner can be switched off, moved up or down, or deleted after confirmation. The home
 * carousel shows the active ones in this order.
 */
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Trash2 } from 'lucide-react';
import { imageVariant } from '@domain/format.ts';
import type { AdminBanner } from '@domain/content.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api.ts';
import {
  useAdminBanners,
  useCreateBanner,
  useDeleteBanner,
  useMoveBanner,
  useUpdateBanner,
} from './admin-api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { OrderButtons } from './OrderButtons.tsx';
import { QueryError } from '../../components/query-state.tsx';

export function BannerManager() {
  const { data: banners, isPending, isError, refetch } = useAdminBanners();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const move = useMoveBanner();
  const remove = useDeleteBanner();
  const [toDelete, setToDelete] = useState<AdminBanner | null>(null);
  const busy = create.isPending || update.isPending || move.isPending || remove.isPending;

  const onUploaded = async (url: string | null) => {
    if (!url) return;
    try {
      await create.mutateAsync({ imageUrl: url });
      toast.success('Banner uploaded');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to upload banner'));
    }
  };

  const run = async (action: Promise<unknown>, success: string, failure: string) => {
    try {
      await action;
      toast.success(success);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    }
  };

  return (
    <section aria-labelledby="banners-heading" className="space-y-4">
      <div>
        <h3 id="banners-heading" className="text-lg font-semibold">
          Hero banners
        </h3>
        <p className="text-sm text-muted-foreground">
          The home page carousel shows the active banners in this order. Wide images (16:9) look best.
        </p>
      </div>
      <ImageUploader
        mode="single"
        bucket="hero-banners"
        label="Upload a banner"
        alt="New banner"
        shape="wide"
        value={null}
        onChange={(url) => void onUploaded(url)}
        onUploadError={(error) => toast.error(errorMessage(error, 'Failed to upload banner'))}
        disabled={create.isPending}
      />
      {isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : isError ? (
        <QueryError layout="inline" message="Failed to load banners." onRetry={() => void refetch()} />
      ) : banners.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No banners yet. The home page shows its plain background until one is uploaded.
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Hero banners">
          {banners.map((banner, index) => {
            const name = `banner ${index + 1}`;
            return (
              <li
                key={banner.id}
                data-testid="banner-row"
                className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
              >
                <img
                  src={imageVariant(banner.imageUrl, 400)}
                  alt={banner.altText || `Banner ${index + 1}`}
                  className="aspect-[16/9] w-full rounded-md object-cover sm:w-40"
                />
                <div className="flex flex-1 flex-wrap items-center gap-3">
                  <span className="text-sm font-medium">Banner {index + 1}</span>
                  <Badge variant={banner.isActive ? 'success' : 'muted'}>
                    {banner.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <Switch
                      checked={banner.isActive}
                      disabled={busy}
                      aria-label={`Show ${name} on the home page`}
                      onCheckedChange={(isActive) =>
                        void run(
                          update.mutateAsync({ id: banner.id, isActive }),
                          isActive ? 'Banner activated' : 'Banner deactivated',
                          'Failed to update banner',
                        )
                      }
                    />
                    Active
                  </label>
                  <OrderButtons
                    name={name}
                    index={index}
                    count={banners.length}
                    disabled={busy}
                    onMove={(direction) =>
                      void run(
                        move.mutateAsync({ id: banner.id, direction }),
                        'Banner order saved',
                        'Failed to reorder banners',
                      )
                    }
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    className="size-11 text-destructive sm:size-9"
                    aria-label={`Delete ${name}`}
                    title="Delete"
                    disabled={busy}
                    onClick={() => setToDelete(banner)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this banner?"
        description="The image is removed from the home page carousel and deleted. This cannot be undone."
        onConfirm={() => {
          if (toDelete)
            void run(remove.mutateAsync(toDelete.id), 'Banner deleted', 'Failed to delete banner');
          setToDelete(null);
        }}
      />
    </section>
  );
}
