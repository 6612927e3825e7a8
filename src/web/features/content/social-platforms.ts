/** Display name and lucide icon for each social platform (SOCIAL_PLATFORMS in src/domain/constants.ts). */
import type { LucideIcon } from 'lucide-react';
import {
  Facebook,
  Globe,
  Instagram,
  Linkedin,
  MessageCircle,
  Music2,
  Send,
  Twitter,
  Youtube,
} from 'lucide-react';

const PLATFORM_ICONS: Record<string, LucideIcon> = {
  facebook: Facebook,
  instagram: Instagram,
  twitter: Twitter,
  youtube: Youtube,
  linkedin: Linkedin,
  whatsapp: MessageCircle,
  telegram: Send,
  tiktok: Music2,
};

const PLATFORM_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  tiktok: 'TikTok',
};

export function platformName(platform: string): string {
  const key = platform.toLowerCase();
  return PLATFORM_NAMES[key] ?? (platform ? platform[0]!.toUpperCase() + platform.slice(1) : 'Link');
}

export function platformIcon(platform: string): LucideIcon {
  return PLATFORM_ICONS[platform.toLowerCase()] ?? Globe;
}
