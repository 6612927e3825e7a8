/** /admin/premium-content: write and publish the Matric Guide's articles; manage its categories. */
import { BookOpen } from 'lucide-react';
import { ArticlesManager } from '../../features/guide/ArticlesManager.tsx';

export default function PremiumContent() {
  return (
    <ArticlesManager
      heading={
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <BookOpen aria-hidden="true" className="size-6 text-primary" />
            Content Editor
          </h1>
          <p className="mt-1 text-muted-foreground">Write and publish the Matric Guide&apos;s articles.</p>
        </div>
      }
    />
  );
}
