import { Share2 } from 'lucide-react';
import { SocialLinksManager } from '../../features/content/SocialLinksManager.tsx';

/** /admin/social-links: the footer's social media links (admins; the layout redirects others). */
export default function SocialLinks() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Share2 aria-hidden="true" className="size-6 text-primary" />
          Social Links
        </h1>
        <p className="mt-1 text-muted-foreground">
          The social media icons in the site footer. Active links are shown in this order.
        </p>
      </div>
      <SocialLinksManager />
    </div>
  );
}
