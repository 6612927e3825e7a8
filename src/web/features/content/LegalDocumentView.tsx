/**
 * /privacy and /terms: the document's title, its "Last updated" date and its HTML (sanitised by the server),
 * with a link to the other document and to the contact page.
 */
import { Link } from 'react-router';
import { FileText, ShieldCheck } from 'lucide-react';
import { formatDate } from '@domain/format.ts';
import { LEGAL_MESSAGES, LEGAL_PATHS, LEGAL_TITLES, type LegalDocumentKind } from '@domain/legal.ts';
import { QueryError } from '../../components/query-state.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useLegalDocument } from './use-legal.ts';

const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none';

export function LegalDocumentView({ kind }: { kind: LegalDocumentKind }) {
  const query = useLegalDocument(kind);
  const other: LegalDocumentKind = kind === 'privacy' ? 'terms' : 'privacy';
  const Icon = kind === 'privacy' ? ShieldCheck : FileText;
  const doc = query.data;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="border-b pb-6">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{LEGAL_TITLES[kind]}</h1>
        {doc?.updatedAt && (
          <p className="mt-2 text-sm text-muted-foreground" data-testid="legal-updated">
            Last updated:{' '}
            <time dateTime={doc.updatedAt} className="font-medium text-foreground">
              {formatDate(doc.updatedAt)}
            </time>
          </p>
        )}
      </header>
      <div className="mt-8">
        {query.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading {LEGAL_TITLES[kind]}</span>
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-11/12" />
            <Skeleton className="h-5 w-4/5" />
          </div>
        ) : query.isError ? (
          <QueryError
            message={LEGAL_MESSAGES.loadFailed}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : doc && doc.html ? (
          <RichText html={doc.html} />
        ) : (
          <p className="text-muted-foreground">
            The {LEGAL_TITLES[kind]} has not been published yet. Please{' '}
            <Link to="/contact" className={linkClass}>
              contact us
            </Link>{' '}
            with any questions.
          </p>
        )}
      </div>
      <p className="mt-12 border-t pt-6 text-sm text-muted-foreground">
        See also our{' '}
        <Link to={LEGAL_PATHS[other]} className={linkClass}>
          {LEGAL_TITLES[other]}
        </Link>
        . Questions?{' '}
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
