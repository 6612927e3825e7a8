/**
 * /admin/package-settings: summary counts (total, active, popular), the site-wide demo-mode switch, the
 * package cards in display order (Inactive labelled) with edit and delete, and the create/edit dialog.
 */
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ADMIN_MESSAGES, type AdminPackage } from '@domain/admin.ts';
import { formatCount, formatRand } from '@domain/format.ts';
import { countOf, imageAllowance, listingAllowance } from '@domain/listing-count.ts';
import { PackageBadge } from '../../components/package-badge.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { isApiError } from '../../lib/api.ts';
import { packageColorClasses } from '../../lib/package-colors.ts';
import { cn } from '../../lib/utils.ts';
import { useAdminPackages, useDeletePackage, useSetDemoMode } from './api.ts';
import { PackageForm } from './PackageForm.tsx';
import { QueryError, useErrorToast } from '../../components/query-state.tsx';

function Summary({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent>
        <h2 className="text-sm text-muted-foreground">{label}</h2>
        <p className="text-2xl font-bold">{value === undefined ? '–' : formatCount(value)}</p>
      </CardContent>
    </Card>
  );
}

function DemoModeCard({ demoMode }: { demoMode: boolean }) {
  const setDemoMode = useSetDemoMode();
  return (
    <Card className="py-4">
      <CardContent className="flex items-start justify-between gap-4">
        <div>
          <Label htmlFor="demo-mode" className="text-base font-semibold">
            Demo Mode
          </Label>
          <p id="demo-mode-hint" className="text-sm text-muted-foreground">
            Every provider is treated as premium with unlimited listings and package warnings are hidden,
            site-wide.
          </p>
        </div>
        <Switch
          id="demo-mode"
          aria-describedby="demo-mode-hint"
          checked={setDemoMode.isPending ? setDemoMode.variables : demoMode}
          disabled={setDemoMode.isPending}
          onCheckedChange={(on) =>
            setDemoMode.mutate(on, {
              onSuccess: () => toast.success(on ? ADMIN_MESSAGES.demoModeOn : ADMIN_MESSAGES.demoModeOff),
              onError: () => toast.error(ADMIN_MESSAGES.demoModeFailed),
            })
          }
        />
      </CardContent>
    </Card>
  );
}

function PackageCard({ pkg, onEdit }: { pkg: AdminPackage; onEdit: () => void }) {
  const remove = useDeletePackage();
  return (
    <li className="min-w-0">
      <Card className={cn('h-full gap-3 border-t-4 py-4', packageColorClasses(pkg.packageType).accent)}>
        <CardHeader className="flex-row items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle as="h2" className="flex items-center gap-2 text-lg">
              <span aria-hidden="true">{pkg.emoji}</span>
              {pkg.name}
            </CardTitle>
            <PackageBadge packageType={pkg.packageType} label={pkg.packageType} className="mt-1" />
          </div>
          <div className="flex flex-wrap justify-end gap-1">
            {pkg.popular && <Badge variant="gold">Popular</Badge>}
            {!pkg.active && <Badge variant="muted">Inactive</Badge>}
          </div>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-2xl font-bold">
            {pkg.price === 0 ? 'FREE' : formatRand(pkg.price)}
            {pkg.price !== 0 && (
              <span className="text-sm font-normal text-muted-foreground">{pkg.period}</span>
            )}
          </p>
          <p className="text-sm">
            {listingAllowance(pkg.maxListings)} · {imageAllowance(pkg.maxImages)}
          </p>
          {pkg.features.length > 0 && (
            <ul className="list-inside list-disc text-sm text-muted-foreground">
              {pkg.features.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            {countOf(pkg.providerCount, 'provider')} · order {pkg.displayOrder}
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${pkg.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive"
                  aria-label={`Delete ${pkg.name}`}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete the {pkg.name} package?</AlertDialogTitle>
                  <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() =>
                      remove.mutate(pkg.id, {
                        onSuccess: () => toast.success(ADMIN_MESSAGES.packageDeleted),
                        onError: (error) =>
                          toast.error(
                            isApiError(error) && error.status === 409
                              ? ADMIN_MESSAGES.packageInUse
                              : ADMIN_MESSAGES.packageDeleteFailed,
                          ),
                      })
                    }
                  >
                    Delete
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

export function PackageSettings({ demoMode }: { demoMode: boolean }) {
  const { data: packages, isPending, error, refetch } = useAdminPackages();
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);

  useErrorToast(Boolean(error), ADMIN_MESSAGES.packagesLoadFailed, { id: 'admin-packages-error' });

  const nextOrder = packages ? Math.max(0, ...packages.map((p) => p.displayOrder)) + 1 : 1;

  return (
    <div className="space-y-5">
      <section aria-label="Package summary" className="grid grid-cols-3 gap-3">
        <Summary label="Total" value={packages?.length} />
        <Summary label="Active" value={packages?.filter((p) => p.active).length} />
        <Summary label="Popular" value={packages?.filter((p) => p.popular).length} />
      </section>

      <DemoModeCard demoMode={demoMode} />

      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Packages</h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Create Package
        </Button>
      </div>

      {isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : error || !packages ? (
        <QueryError
          layout="card"
          message={ADMIN_MESSAGES.packagesLoadFailed}
          onRetry={() => void refetch()}
        />
      ) : (
        <ul aria-label="Packages" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} onEdit={() => setEditing(pkg)} />
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Create Package' : 'Edit Package'}</DialogTitle>
            <DialogDescription>
              What you save here is what /packages shows and what the server enforces.
            </DialogDescription>
          </DialogHeader>
          {editing !== null && (
            <PackageForm
              key={editing === 'new' ? 'new' : editing.id}
              pkg={editing === 'new' ? null : editing}
              nextOrder={nextOrder}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
