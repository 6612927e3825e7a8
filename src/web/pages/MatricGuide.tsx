/** /matric-guide: the articles for approved readers (and admins); everyone else sees how to get access. */
import { Navigate } from 'react-router';
import { BookOpen } from 'lucide-react';
import { PRODUCT_NAME } from '@domain/constants.ts';
import { GUIDE_MESSAGES } from '@domain/guide.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useMe } from '../lib/use-me.ts';
import { useAccessState, useGuideList } from '../features/guide/api.ts';
import { GuideGroups } from '../features/guide/GuideGroups.tsx';
import { LockedGuide } from '../features/guide/LockedGuide.tsx';
import { QueryError } from '../components/query-state.tsx';

export default function MatricGuide() {
  const { data: me, isPending: sessionLoading } = useMe();
  const access = useAccessState(Boolean(me));
  const canRead = access.data?.canRead === true;
  const list = useGuideList(canRead);

  if (sessionLoading) return <PageSpinner className="min-h-[60vh]" />;
  if (!me) return <Navigate to="/auth?redirect=/matric-guide" replace />;
  if (access.isPending || (canRead && list.isPending)) return <PageSpinner className="min-h-[60vh]" />;
  if (access.isError || list.isError) {
    return (
      <QueryError
        message={GUIDE_MESSAGES.loadFailed}
        onRetry={() => void (access.isError ? access.refetch() : list.refetch())}
        className="mx-auto max-w-2xl px-4 py-16"
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      {canRead && list.data ? (
        <>
          <header className="mb-8">
            <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
              <BookOpen aria-hidden="true" className="size-8 text-primary" />
              {PRODUCT_NAME} Guide
            </h1>
            <p className="mt-2 text-muted-foreground">
              Tips and tricks for the perfect matric farewell, from the outfit to the last-minute checklist.
            </p>
          </header>
          <GuideGroups list={list.data} />
        </>
      ) : (
        <LockedGuide state={access.data} />
      )}
    </div>
  );
}
