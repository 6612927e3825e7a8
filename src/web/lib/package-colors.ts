import { packageColor } from '@domain/packages.ts';

/**
 * Tailwind classes for each package colour family (basic green, standard blue, premium purple, other grey),
 * shared by /packages (marketplace), /checkout (provider) and every package label (`PackageBadge`: the
 * listing's provider card, the provider profile, Settings, My Listings, the admin's user and package cards).
 * A label's text is the family's 800 shade on its 100 tint (above 6:1).
 */
const CLASSES = {
  green: {
    header: 'from-green-500 to-emerald-600',
    ring: 'ring-green-500',
    check: 'text-green-600',
    button: 'bg-green-600 hover:bg-green-600/90 text-white',
    badge: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-100',
    accent: 'border-t-green-500',
  },
  blue: {
    header: 'from-blue-500 to-indigo-600',
    ring: 'ring-blue-500',
    check: 'text-blue-600',
    button: 'bg-blue-600 hover:bg-blue-600/90 text-white',
    badge: 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-100',
    accent: 'border-t-blue-500',
  },
  purple: {
    header: 'from-purple-500 to-fuchsia-600',
    ring: 'ring-purple-500',
    check: 'text-purple-600',
    button: 'bg-purple-600 hover:bg-purple-600/90 text-white',
    badge: 'border-transparent bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-100',
    accent: 'border-t-purple-500',
  },
  grey: {
    header: 'from-slate-500 to-slate-700',
    ring: 'ring-slate-500',
    check: 'text-slate-600',
    button: 'bg-slate-600 hover:bg-slate-600/90 text-white',
    badge: 'border-transparent bg-slate-100 text-slate-800 dark:bg-slate-900/50 dark:text-slate-100',
    accent: 'border-t-slate-500',
  },
} as const;

export function packageColorClasses(packageType: string) {
  return CLASSES[packageColor(packageType)];
}
