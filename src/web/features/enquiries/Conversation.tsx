/**
 * The conversation under an enquiry: the replies oldest first (the caller's own on the right) and a reply
 * box, validated with the server's schema and messages. Loaded when the enquiry's card is opened.
 */
import { useId } from 'react';
import { Send } from 'lucide-react';
import { CONVERSATION_MESSAGES, enquiryReplySchema, type EnquiryMessageView } from '@domain/engagement.ts';
import { formatDateTime } from '@domain/format.ts';
import { FormField } from '../../components/form-field.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { cn } from '../../lib/utils.ts';
import { useConversation, useSendReply } from './use-enquiries.ts';

function Message({ message }: { message: EnquiryMessageView }) {
  return (
    <li className={cn('flex', message.mine ? 'justify-end' : 'justify-start')}>
      <div
        data-testid="conversation-message"
        data-mine={message.mine}
        className={cn(
          'max-w-[85%] rounded-2xl border px-3.5 py-2.5 text-sm shadow-xs',
          message.mine ? 'rounded-br-sm border-primary/30 bg-secondary' : 'rounded-bl-sm bg-muted/60',
        )}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{message.mine ? 'You' : message.authorName}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
      </div>
    </li>
  );
}

function ReplyForm({ enquiryId }: { enquiryId: string }) {
  const fieldId = useId();
  const send = useSendReply(enquiryId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(enquiryReplySchema, { defaultValues: { body: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (send.isPending) return;
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (applyServerErrors(error, setError, ['body'])) return;
      toast.error(CONVERSATION_MESSAGES.failed, {
        description: error instanceof ApiError && error.status === 429 ? error.message : undefined,
      });
      return;
    }
    reset({ body: '' });
    toast.success(CONVERSATION_MESSAGES.sent);
  });
  const busy = isSubmitting || send.isPending;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
      <FormField id={fieldId} label={CONVERSATION_MESSAGES.replyLabel} error={errors.body?.message}>
        <Textarea rows={3} placeholder={CONVERSATION_MESSAGES.replyPlaceholder} {...register('body')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {CONVERSATION_MESSAGES.send}
        </Button>
      </div>
    </form>
  );
}

export function Conversation({ enquiryId, open }: { enquiryId: string; open: boolean }) {
  const { data, isPending, isError, refetch, isFetching } = useConversation(enquiryId, open);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t pt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Conversation
      </h3>
      {isPending ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading the conversation</span>
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-2/3" />
        </div>
      ) : isError ? (
        <QueryError
          layout="inline"
          message={CONVERSATION_MESSAGES.loadFailed}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{CONVERSATION_MESSAGES.empty}</p>
      ) : (
        <ol className="space-y-2" aria-labelledby={headingId}>
          {data.items.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </ol>
      )}
      <ReplyForm enquiryId={enquiryId} />
    </section>
  );
}
