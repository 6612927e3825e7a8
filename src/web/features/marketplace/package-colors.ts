import { packageColor } from '@domain/packages.ts';

/** Tailwind classes for each package colour family (basic green, standard blue, premium purple, other grey). */
const CLASSES = {
  green: {
    header: 'from-green-500 to-emerald-600',
    ring: 'ring-green-500',
    check: 'text-green-600',
    button: 'bg-green-600 hover:bg-green-600/90 text-white',
  },
  blue: {
    header: 'from-blue-500 to-indigo-600',
    ring: 'ring-blue-500',
    check: 'text-blue-600',
    button: 'bg-blue-600 hover:bg-blue-600/90 text-white',
  },
  purple: {
    header: 'from-purple-500 to-fuchsia-600',
    ring: 'ring-purple-500',
    check: 'text-purple-600',
    button: 'bg-purple-600 hover:bg-purple-600/90 text-white',
  },
  grey: {
    header: 'from-slate-500 to-slate-700',
    ring: 'ring-slate-500',
    check: 'text-slate-600',
    button: 'bg-slate-600 hover:bg-slate-600/90 text-white',
  },
} as const;

export function packageColorClasses(packageType: string) {
  return CLASSES[packageColor(packageType)];
}
