import { Package } from 'lucide-react';
import { useMe } from '../../lib/use-me.ts';
import { PackageSettings } from '../../features/admin/PackageSettings.tsx';

/** /admin/package-settings: packages and the demo-mode switch. */
export default function AdminPackageSettings() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Package aria-hidden="true" className="size-6 text-primary" />
          Manage Packages
        </h1>
        <p className="mt-1 text-muted-foreground">Prices, limits and features of the provider packages.</p>
      </div>
      <PackageSettings demoMode={me.demoMode} />
    </div>
  );
}
