/**
 * The Website tab: the site logo shown in the header and footer. An image is uploaded (image types only,
 * through the pipeline), then saved with "Save logo"; saving without a new image says "You must select an
 * image to upload.". Removing the logo brings back the brand text.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { GraduationCap } from 'lucide-react';
import { CONTENT_MESSAGES } from '@domain/content.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useRemoveLogo, useSetLogo } from './admin-api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export function LogoEditor({
  logo,
  brandName,
  onDirtyChange,
}: {
  logo: string | null;
  brandName: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [staged, setStaged] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const setLogo = useSetLogo();
  const removeLogo = useRemoveLogo();
  const dirty = staged !== null;

  const reportDirty = useEffectEvent((value: boolean) => onDirtyChange(value));
  useEffect(() => reportDirty(dirty), [dirty]);
  useEffect(() => () => reportDirty(false), []);

  const save = async () => {
    if (!staged) {
      setError(CONTENT_MESSAGES.noImage);
      toast.error(CONTENT_MESSAGES.noImage);
      return;
    }
    try {
      await setLogo.mutateAsync(staged);
      setStaged(null);
      setError(undefined);
      toast.success('Logo uploaded');
    } catch (cause) {
      const message = errorMessage(cause, 'Failed to upload logo');
      setError(message);
      toast.error(message);
    }
  };

  const remove = async () => {
    try {
      await removeLogo.mutateAsync();
      setStaged(null);
      toast.success('Logo removed');
    } catch (cause) {
      toast.error(errorMessage(cause, 'Failed to remove logo'));
    }
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="text-lg font-semibold">Current logo</h3>
        <p className="text-sm text-muted-foreground">
          Shown in the header and footer of every page. Without a logo the brand name (Footer tab) is shown.
        </p>
        <div className="flex flex-wrap items-center gap-4 rounded-lg border bg-card p-4">
          {logo ? (
            <img src={logo} alt={`${brandName} logo`} className="h-12 w-auto max-w-[220px] object-contain" />
          ) : (
            <span className="flex items-center gap-2" data-testid="brand-fallback">
              <span
                aria-hidden="true"
                className="flex size-9 items-center justify-center rounded-lg bg-primary text-gold"
              >
                <GraduationCap className="size-5" />
              </span>
              <span className="text-lg font-bold text-primary">{brandName}</span>
              <span className="text-xs text-muted-foreground">(brand text, no logo set)</span>
            </span>
          )}
          {logo && (
            <Button
              type="button"
              variant="outline"
              className="ml-auto"
              disabled={removeLogo.isPending}
              onClick={() => setConfirmRemove(true)}
            >
              Remove logo
            </Button>
          )}
        </div>
      </div>

      <div className="space-y-4">
        <ImageUploader
          mode="single"
          bucket="site-assets"
          label="New logo"
          description="A transparent PNG or WebP about 3 times wider than tall works best."
          alt="New logo preview"
          shape="square"
          value={staged}
          onChange={(url) => {
            setStaged(url);
            setError(undefined);
          }}
          onBusyChange={setUploading}
          onUploadError={(cause) => toast.error(errorMessage(cause, 'Failed to upload logo'))}
          error={error}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={() => void save()} disabled={uploading || setLogo.isPending}>
            {setLogo.isPending && <Spinner label={null} />}
            Save logo
          </Button>
          {staged && (
            <Button type="button" variant="ghost" onClick={() => setStaged(null)}>
              Discard new logo
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove the site logo?"
        description="The header and footer will show the brand name instead."
        confirmLabel="Remove logo"
        onConfirm={() => {
          setConfirmRemove(false);
          void remove();
        }}
      />
    </div>
  );
}
