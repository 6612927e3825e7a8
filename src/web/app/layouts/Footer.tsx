import { useState } from 'react';
import { Link } from 'react-router';
import type { SocialLink } from '@domain/public-content.ts';
import { brandName, contentValue, useSiteContent } from '../../features/content/use-site-content.ts';
import { platformIcon, platformName } from '../../features/content/social-platforms.ts';
import { useSocialLinks } from '../../features/content/use-social-links.ts';
import { isSafeUrl } from '../../lib/utils.ts';

const DEFAULT_DESCRIPTION =
  "South Africa's marketplace for matric farewell services. Find trusted car rentals, dress and suit hire, photographers, venues, make-up artists, caterers, décor and entertainment in one place.";

const COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'For Clients',
    links: [
      { label: 'Browse Services', to: '/browse' },
      { label: 'How It Works', to: '/how-it-works' },
      { label: 'FAQs', to: '/faq' },
    ],
  },
  {
    title: 'For Service Providers',
    links: [
      { label: 'List Your Service', to: '/packages' },
      { label: 'Pricing Packages', to: '/packages' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
];

function SocialIcons({ links }: { links: SocialLink[] }) {
  const safe = links.filter((link) => isSafeUrl(link.url));
  if (safe.length === 0) return null;
  return (
    <ul className="mt-5 flex flex-wrap gap-2" aria-label="Social media">
      {safe.map((link) => {
        const Icon = platformIcon(link.platform);
        return (
          <li key={link.id}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={platformName(link.platform)}
              title={platformName(link.platform)}
              className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white/90 transition-colors outline-none hover:bg-gold hover:text-gold-foreground focus-visible:ring-[3px] focus-visible:ring-gold"
            >
              <Icon aria-hidden="true" className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The site logo on a light plate (it is drawn for the white header), or the brand text without one. */
function FooterBrand({ name, logo }: { name: string; logo: string | null }) {
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  if (logo && failedLogo !== logo) {
    return (
      <Link
        to="/"
        className="inline-block rounded-lg bg-white px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-gold"
      >
        <img
          src={logo}
          alt={name}
          className="h-10 w-auto max-w-[200px] object-contain"
          onError={() => setFailedLogo(logo)}
        />
      </Link>
    );
  }
  return (
    <p className="text-xl font-bold tracking-tight">
      <span className="text-gold">{name}</span>
    </p>
  );
}

export function Footer() {
  const { data: content } = useSiteContent();
  const { data: socialLinks } = useSocialLinks();
  const name = brandName(content);
  const description = contentValue(content, 'footer', 'description', DEFAULT_DESCRIPTION);
  const copyright = contentValue(
    content,
    'footer',
    'copyright',
    `© ${new Date().getFullYear()} Matric Moments. All rights reserved.`,
  );

  return (
    <footer className="bg-[oklch(0.22_0.06_285)] text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="sm:col-span-2">
          <FooterBrand name={name} logo={content?.site?.logo?.trim() || null} />
          <p className="mt-3 max-w-md text-sm leading-relaxed text-white/75">{description}</p>
          {socialLinks && <SocialIcons links={socialLinks} />}
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-gold uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="rounded-sm text-sm text-white/80 outline-none hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-gold"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-white/60 sm:px-6 lg:px-8">
          {copyright}
        </p>
      </div>
    </footer>
  );
}
