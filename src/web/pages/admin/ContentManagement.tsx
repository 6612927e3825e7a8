import { FileText } from 'lucide-react';
import { CmsTabs } from '../../features/content/CmsTabs.tsx';

/** /admin/cms: the site's text, FAQs, hero banners and logo (admins; the layout redirects others). */
export default function ContentManagement() {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <FileText aria-hidden="true" className="size-6 text-primary" />
          Content Management
        </h1>
        <p className="mt-1 text-muted-foreground">
          Change what visitors read and see. Saved changes are live on the site at once.
        </p>
      </div>
      <CmsTabs />
    </div>
  );
}
