import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare, Send } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { ENQUIRY_PRIVACY_NOTE } from '@domain/legal.ts';
import { LIMITS } from '@domain/constants.ts';
import {
  ENQUIRY_MESSAGES,
  enquirySchema,
  type EnquiryForm,
  type EnquiryFormInput,
} from '@domain/engagement.ts';
import { FormField } from '../../components/form-field.tsx';
import { HoneypotField } from '../../components/honeypot-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLandOnTarget, useSignInHref } from '../../lib/redirect.ts';
import { useFormGuard } from '../../lib/use-form-guard.ts';
import { displayName, useMe } from '../../lib/use-me.ts';
import type { Me } from '../../lib/me-types.ts';
import { useSendEnquiry } from './use-enquiries.ts';

const EMPTY: EnquiryFormInput = { name: '', email: '', phone: '', message: '' };

function prefill(me: Me | null | undefined): EnquiryFormInput {
  if (!me) return EMPTY;
  return {
    name: displayName(me) === me.user.email ? '' : displayName(me),
    email: me.user.email,
    phone: me.profile?.phone ?? '',
    message: '',
  };
}

/** The Contact Provider button's id: the dialog's sign-in link returns to `#contact-provider`. */
export const CONTACT_PROVIDER_ID = 'contact-provider';

/**
 * 'Contact Provider' and the enquiry dialog of the listing detail page. `open`/`onOpenChange` let the page
 * open the same dialog from elsewhere (the phone's sticky contact bar); `returnFocusTo` is then the element
 * that opened it, focused again when it closes.
 */
export function ContactProviderButton({
  listingId,
  listingTitle,
  open: controlledOpen,
  onOpenChange: setControlledOpen,
  returnFocusTo,
}: {
  listingId: string;
  listingTitle: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = setControlledOpen ?? setOwnOpen;
  const signInHref = useSignInHref(CONTACT_PROVIDER_ID);
  const { data: me } = useMe();
  const send = useSendEnquiry();
  const guard = useFormGuard(open);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryFormInput, unknown, EnquiryForm>({
    resolver: zodResolver(enquirySchema),
    defaultValues: EMPTY,
  });
  const busy = isSubmitting || send.isPending;
  useLandOnTarget(CONTACT_PROVIDER_ID, me !== undefined);
  // Each opening, from the trigger or from outside (the sticky bar), starts from the visitor's details.
  const fill = useEffectEvent(() => reset(prefill(me)));
  useEffect(() => {
    if (open) fill();
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (busy) return; // keep the dialog while sending
    setOpen(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (send.isPending) return;
    const signedOut = !me;
    try {
      await send.mutateAsync({ ...values, listingId, ...(await guard.fields()) });
    } catch (error) {
      toast.error(ENQUIRY_MESSAGES.failed, {
        description: error instanceof ApiError && error.status === 429 ? error.message : undefined,
      });
      return;
    }
    toast.success(ENQUIRY_MESSAGES.sent);
    setOpen(false);
    reset(EMPTY);
    if (signedOut) {
      window.setTimeout(() => {
        toast.info(ENQUIRY_MESSAGES.followUp, { duration: LIMITS.enquiryFollowUpDurationMs });
      }, LIMITS.enquiryFollowUpDelayMs);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button id={CONTACT_PROVIDER_ID} size="lg" className="w-full">
          <MessageSquare aria-hidden="true" />
          Contact Provider
        </Button>
      </DialogTrigger>
      <DialogContent
        onInteractOutside={(event) => {
          if (busy) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.();
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Contact Provider</DialogTitle>
          <DialogDescription>
            Send an enquiry about <span className="font-medium text-foreground">{listingTitle}</span>. The
            provider will get back to you by email or phone.
          </DialogDescription>
          {me === null && (
            <p className="text-sm text-muted-foreground">
              Have an account?{' '}
              <Link to={signInHref} className="font-medium text-primary underline underline-offset-4">
                Sign in
              </Link>{' '}
              to fill in your details and follow your enquiries.
            </p>
          )}
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Send an enquiry">
          <FormField id="enquiry-name" label="Name" required error={errors.name?.message}>
            <Input autoComplete="name" placeholder="Your full name" {...register('name')} />
          </FormField>
          <FormField id="enquiry-email" label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
          </FormField>
          <FormField id="enquiry-phone" label="Phone (optional)" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" placeholder="e.g. 082 123 4567" {...register('phone')} />
          </FormField>
          <HoneypotField id="enquiry-website" inputRef={guard.honeypotRef} />
          <FormField id="enquiry-message" label="Message" required error={errors.message?.message}>
            <Textarea
              rows={5}
              placeholder="Tell the provider about your date, numbers and what you need."
              {...register('message')}
            />
          </FormField>
          <p className="text-xs leading-relaxed text-muted-foreground" data-testid="enquiry-privacy">
            {ENQUIRY_PRIVACY_NOTE}{' '}
            <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
              Privacy Policy
            </Link>
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner label={null} /> : <Send aria-hidden="true" />}
              {busy ? 'Sending...' : 'Send Enquiry'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
