import type { LucideIcon, LucideProps } from 'lucide-react';
import { Building2, Camera, Car, Flower2, Music, Shirt, Sparkles, Tag, Utensils } from 'lucide-react';

/** Lucide icons by the names stored with categories (see CATEGORIES in src/domain/constants.ts). */
const ICONS: Record<string, LucideIcon> = {
  car: Car,
  shirt: Shirt,
  camera: Camera,
  'building-2': Building2,
  sparkles: Sparkles,
  utensils: Utensils,
  'flower-2': Flower2,
  music: Music,
};

export function categoryIcon(name: string | null | undefined): LucideIcon {
  return (name && ICONS[name]) || Tag;
}

/** A category's icon; decorative unless given an aria-label. */
export function CategoryIcon({ name, ...props }: LucideProps & { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || Tag;
  return <Icon aria-hidden={props['aria-label'] ? undefined : true} {...props} />;
}
