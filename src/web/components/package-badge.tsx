// A package's label in its colour (basic green, standard blue, premium purple, other grey): everywhere a
// package is named, so the same package looks the same on every screen (decision 0047).
import { packageColorClasses } from '../lib/package-colors.ts';
import { cn } from '../lib/utils.ts';
import { Badge } from './ui/badge.tsx';

/** 'basic' → 'Basic', 'gold_plus' → 'Gold Plus': for screens that have the type but not the name. */
export function packageTypeLabel(packageType: string): string {
  return packageType
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export function PackageBadge({
  packageType,
  label = packageTypeLabel(packageType),
  className,
}: {
  packageType: string;
  /** The package's name; its type, capitalised, when not given. */
  label?: string;
  className?: string;
}) {
  return (
    <Badge
      variant={null}
      data-package={packageType}
      className={cn(packageColorClasses(packageType).badge, className)}
    >
      {label}
    </Badge>
  );
}
