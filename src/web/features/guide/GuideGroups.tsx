/** The guide's articles grouped by category: title, excerpt and featured image; each opens its article. */
import { Link } from 'react-router';
import { BookOpen } from 'lucide-react';
import { GUIDE_MESSAGES, type GuideList } from '@domain/guide.ts';
import { GuideImage } from './guide-image.tsx';

export function GuideGroups({ list }: { list: GuideList }) {
  if (list.groups.length === 0) {
    return (
      <p className="rounded-xl border bg-card p-10 text-center text-muted-foreground">
        {GUIDE_MESSAGES.emptyGuide}
      </p>
    );
  }
  return (
    <div className="grid gap-10">
      {list.groups.map((group) => (
        <section key={group.id ?? 'other'} aria-labelledby={`group-${group.id ?? 'other'}`}>
          <h2
            id={`group-${group.id ?? 'other'}`}
            className="mb-4 text-xl font-bold tracking-tight sm:text-2xl"
          >
            {group.name}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.articles.map((article) => (
              <li key={article.id}>
                <Link
                  to={`/matric-guide/${article.slug}`}
                  className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                >
                  {article.imageUrl ? (
                    <GuideImage
                      src={article.imageUrl}
                      alt=""
                      sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                      className="aspect-[16/9] w-full"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex aspect-[16/9] items-center justify-center bg-secondary text-primary"
                    >
                      <BookOpen className="size-10" />
                    </span>
                  )}
                  <span className="flex flex-1 flex-col gap-2 p-4">
                    <span className="text-lg font-semibold leading-snug group-hover:text-primary">
                      {article.title}
                    </span>
                    {article.excerpt && (
                      <span className="text-sm text-muted-foreground">{article.excerpt}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
