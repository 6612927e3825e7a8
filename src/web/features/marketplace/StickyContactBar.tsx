import { useEffect, useState } from 'react';
import { MessageCircle, MessageSquare, Phone } from 'lucide-react';
import type { ListingDetail as ListingDetailData } from '@domain/listings.ts';
import { telHref, whatsAppHref } from '@domain/phone.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';

/**
 * Phones: Contact Provider, Call and WhatsApp (the provider's WhatsApp number) at the bottom of the screen
 * while the page's own Contact Provider button (`anchorId`) is out of view, so there is always one and never
 * two. It starts hidden (the server's page and the first render agree, and without JavaScript the contact
 * card's links serve) and an IntersectionObserver shows it. Hidden while the enquiry dialog is open; the page
 * gets room at the bottom so the bar never covers the footer.
 */
export function StickyContactBar({
  listing,
  anchorId,
  hidden,
  onContact,
}: {
  listing: ListingDetailData;
  /** The id of the page's own Contact Provider button. */
  anchorId: string;
  /** While the dialog is open: kept mounted (hidden) so focus can return to its button. */
  hidden: boolean;
  onContact: (opener: HTMLElement) => void;
}) {
  const { provider } = listing;
  const phone = provider.phone;
  const whatsApp = whatsAppHref(provider.whatsApp);
  const anchorOutOfView = useOutOfView(anchorId);
  useEffect(() => {
    document.body.classList.add(...BAR_ROOM_CLASSES);
    return () => document.body.classList.remove(...BAR_ROOM_CLASSES);
  }, []);
  const shown = anchorOutOfView && !hidden;
  return (
    <div
      role="region"
      aria-label="Contact this provider"
      data-testid="sticky-contact-bar"
      data-state={shown ? 'shown' : 'hidden'}
      hidden={hidden}
      inert={!shown}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur motion-safe:transition-transform motion-safe:duration-200 lg:hidden',
        shown ? 'translate-y-0' : 'invisible translate-y-full',
      )}
    >
      <div className="mx-auto flex max-w-xl items-center gap-2">
        <Button size="lg" className="min-w-0 flex-1" onClick={(e) => onContact(e.currentTarget)}>
          <MessageSquare aria-hidden="true" />
          Contact Provider
        </Button>
        {phone && (
          <Button asChild size="lg" variant="outline" className="size-11 shrink-0 p-0">
            <a href={telHref(phone)} aria-label={`Call ${provider.businessName}`}>
              <Phone aria-hidden="true" />
            </a>
          </Button>
        )}
        {whatsApp && (
          <Button
            asChild
            size="lg"
            variant="outline"
            className="size-11 shrink-0 p-0 text-[oklch(0.45_0.13_150)]"
          >
            <a
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp ${provider.businessName}`}
            >
              <MessageCircle aria-hidden="true" />
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Whether the element with this id is out of the viewport (scrolled past, or not reached yet). False until
 * the observer has reported (and without such an element or an IntersectionObserver: the page's own button
 * is then the way to contact).
 */
function useOutOfView(id: string): boolean {
  const [outOfView, setOutOfView] = useState(false);
  useEffect(() => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOutOfView(!entry!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return outOfView;
}

/** Room under the page for the sticky bar (phones only), so it never covers the footer's last line. */
const BAR_ROOM_CLASSES = ['pb-20', 'lg:pb-0'];
