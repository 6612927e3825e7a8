import { useState } from 'react';
import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { brandName, useSiteContent } from '../../features/content/use-site-content.ts';

/** The site logo from content (site.logo) linking home, with the brand text as fallback. */
export function BrandLogo({ className }: { className?: string }) {
  const { data: content } = useSiteContent();
  const name = brandName(content);
  const logo = content?.site?.logo?.trim() || null;
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showImage = logo !== null && failedLogo !== logo;

  return (
    <Link
      to="/"
      className={cn(
        'flex min-w-0 shrink items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      {showImage ? (
        <img
          src={logo}
          alt={name}
          className="h-9 w-auto max-w-[180px] object-contain sm:h-10"
          onError={() => setFailedLogo(logo)}
        />
      ) : (
        <>
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-primary/70 text-gold shadow-sm"
          >
            <GraduationCap className="size-5" />
          </span>
          <span className="truncate bg-gradient-to-r from-primary to-primary/70 bg-clip-text text-lg font-bold tracking-tight text-transparent sm:text-xl">
            {name}
          </span>
        </>
      )}
    </Link>
  );
}
