/** /matric-guide/:slug: one article for approved readers; no access, a draft or an unknown slug go back to the guide. */
import { Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useMe } from '../lib/use-me.ts';
import { useGuideArticle } from '../features/guide/api.ts';
import { ArticleBody } from '../features/guide/ArticleBody.tsx';
import { GuideImage } from '../features/guide/guide-image.tsx';
import { formatDate } from '@domain/format.ts';

export default function MatricArticle() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: me, isPending: sessionLoading } = useMe();
  const article = useGuideArticle(slug);

  if (sessionLoading) return <PageSpinner className="min-h-[60vh]" />;
  if (!me) return <Navigate to={`/auth?redirect=/matric-guide/${encodeURIComponent(slug)}`} replace />;
  if (article.isError) return <Navigate to="/matric-guide" replace />;
  if (article.isPending) return <PageSpinner className="min-h-[60vh]" />;
  const a = article.data;

  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Button variant="ghost" size="sm" className="-ml-2 mb-4" onClick={() => void navigate('/matric-guide')}>
        <ArrowLeft aria-hidden="true" />
        Back to Guide
      </Button>
      {a.imageUrl && (
        <GuideImage
          src={a.imageUrl}
          alt={a.title}
          sizes="(min-width: 768px) 768px, 100vw"
          eager
          className="mb-6 aspect-[16/9] w-full rounded-2xl shadow-sm"
        />
      )}
      {a.categoryName && (
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{a.categoryName}</p>
      )}
      <h1 className="mt-1 text-3xl leading-tight font-bold tracking-tight sm:text-4xl">{a.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Published on <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
      </p>
      <ArticleBody html={a.content} className="mt-8" />
    </article>
  );
}
