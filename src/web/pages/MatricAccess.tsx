/** /matric-access: pay for the Matric Guide and submit the payment reference; approved readers go on to the guide. */
import { Navigate } from 'react-router';
import { BookOpen } from 'lucide-react';
import { PRODUCT_NAME } from '@domain/constants.ts';
import { GUIDE_MESSAGES, rand } from '@domain/guide.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useMe } from '../lib/use-me.ts';
import { PendingNotice, RejectedNotice } from '../features/guide/AccessNotices.tsx';
import { useAccessState } from '../features/guide/api.ts';
import { IncludedList } from '../features/guide/IncludedList.tsx';
import { PaymentInstructions } from '../features/guide/PaymentInstructions.tsx';
import { PaymentProofForm } from '../features/guide/PaymentProofForm.tsx';
import { QueryError } from '../components/query-state.tsx';

export default function MatricAccess() {
  const { data: me, isPending: sessionLoading } = useMe();
  const access = useAccessState(Boolean(me));

  if (sessionLoading) return <PageSpinner className="min-h-[60vh]" />;
  if (!me) return <Navigate to="/auth?type=matric&redirect=/matric-access" replace />;
  if (access.isPending) return <PageSpinner className="min-h-[60vh]" />;
  if (access.isError) {
    return (
      <QueryError
        message={GUIDE_MESSAGES.loadFailed}
        onRetry={() => void access.refetch()}
        className="mx-auto max-w-2xl px-4 py-16"
      />
    );
  }
  const state = access.data;
  if (state.status === 'approved' || state.canRead) return <Navigate to="/matric-guide" replace />;
  const latest = state.latest;
  const pendingWithReference = state.status === 'pending' && Boolean(latest?.paymentReference);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Card className="shadow-md">
        <CardHeader className="items-center text-center">
          <span
            aria-hidden="true"
            className="mx-auto flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary to-primary/70 text-gold shadow-md"
          >
            <BookOpen className="size-7" />
          </span>
          <CardTitle as="h1" className="mt-2 text-2xl sm:text-3xl">
            {PRODUCT_NAME} Tips &amp; Tricks
          </CardTitle>
          <CardDescription>
            Lifetime access to the {PRODUCT_NAME} Guide for a once-off {rand(state.amount)}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {state.status === 'pending' && <PendingNotice withReference={pendingWithReference} />}
          {state.status === 'rejected' && latest && <RejectedNotice request={latest} />}

          <PaymentInstructions state={state} />

          <section aria-labelledby="included-heading" className="grid gap-3">
            <h2 id="included-heading" className="text-lg font-semibold">
              What&apos;s included
            </h2>
            <IncludedList />
          </section>

          {!pendingWithReference && <PaymentProofForm />}
        </CardContent>
      </Card>
    </div>
  );
}
