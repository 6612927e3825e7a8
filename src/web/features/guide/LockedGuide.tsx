/** 'Premium Content Access Required': the no-request, pending and rejected variants and 'Request Access (R50)'. */
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Lock } from 'lucide-react';
import { PRODUCT_NAME } from '@domain/constants.ts';
import { GUIDE_MESSAGES, rand, type AccessState } from '@domain/guide.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { PendingNotice, RejectedNotice } from './AccessNotices.tsx';
import { useRequestAccess } from './api.ts';
import { IncludedList } from './IncludedList.tsx';

export function LockedGuide({ state }: { state: AccessState }) {
  const request = useRequestAccess();
  const onRequest = async () => {
    try {
      await request.mutateAsync();
      toast.success(GUIDE_MESSAGES.requestSubmitted);
    } catch (error) {
      toast.error(errorMessage(error, GUIDE_MESSAGES.requestFailed));
    }
  };
  return (
    <Card className="mx-auto max-w-2xl shadow-md">
      <CardHeader className="items-center text-center">
        <span
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-primary"
        >
          <Lock className="size-7" />
        </span>
        <CardTitle as="h1" className="mt-2 text-2xl">
          {GUIDE_MESSAGES.accessRequired}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {state.status === 'none' && (
          <>
            <p className="text-center text-muted-foreground">
              Get lifetime access to the {PRODUCT_NAME} Guide for a once-off payment of {rand(state.amount)}:
              tips and tricks for the perfect matric farewell.
            </p>
            <IncludedList />
            <div className="flex flex-col items-center gap-3">
              <Button size="lg" onClick={() => void onRequest()} disabled={request.isPending}>
                {request.isPending && <Spinner label={null} />}
                Request Access (R50)
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                After paying, contact an admin with your proof of payment, or submit your payment reference on
                the{' '}
                <Link to="/matric-access" className="font-medium text-primary underline underline-offset-4">
                  Matric access page
                </Link>
                .
              </p>
            </div>
          </>
        )}
        {state.status === 'pending' && (
          <>
            <PendingNotice withReference={Boolean(state.latest?.paymentReference)} />
            <Button asChild variant="outline" className="justify-self-center">
              <Link to="/matric-access">View payment details</Link>
            </Button>
          </>
        )}
        {state.status === 'rejected' && state.latest && (
          <>
            <RejectedNotice request={state.latest} />
            <Button asChild className="justify-self-center">
              <Link to="/matric-access">Submit a new payment reference</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
