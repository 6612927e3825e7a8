// Share a listing or a provider: the phone's share sheet (Web Share API) where the browser has one,
// otherwise a menu with WhatsApp, Facebook and Copy link. The URL is the page's canonical address.
import { useState } from 'react';
import { Check, Link2, Share2 } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/utils.ts';
import { shareLinks } from './share-links.ts';

export interface ShareButtonProps {
  /** Path of the page (e.g. /listing/{id}); made absolute with the site's origin. */
  path: string;
  title: string;
  /** A round icon button (next to the favourite heart) instead of the labelled one. */
  iconOnly?: boolean;
  className?: string;
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3a.5.5 0 0 0 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3Z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
      <path d="M13.5 21v-8h2.7l.4-3.1h-3.1V7.9c0-.9.3-1.5 1.6-1.5h1.7V3.6a22 22 0 0 0-2.5-.1c-2.4 0-4.1 1.5-4.1 4.2v2.3H7.5V13h2.7v8h3.3Z" />
    </svg>
  );
}

/** The menu's items: rendered only while the menu is open, in the browser. */
function ShareMenuItems({
  path,
  title,
  copied,
  onCopy,
}: {
  path: string;
  title: string;
  copied: boolean;
  onCopy: () => void;
}) {
  const links = shareLinks(`${window.location.origin}${path}`, title);
  return (
    <>
      <DropdownMenuItem asChild>
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon />
          WhatsApp
        </a>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <a href={links.facebook} target="_blank" rel="noopener noreferrer">
          <FacebookIcon />
          Facebook
        </a>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onCopy}>
        {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        Copy link
      </DropdownMenuItem>
    </>
  );
}

export function ShareButton({ path, title, iconOnly = false, className }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  // The address is read in handlers and in the open menu only: never while the server renders.
  const url = () => `${window.location.origin}${path}`;

  // Decided on click, not while rendering: the server renders the same button for every visitor.
  const onOpenChange = (next: boolean) => {
    if (next && typeof navigator.share === 'function') {
      navigator.share({ title, url: url() }).catch(() => {
        // Cancelled by the visitor, or refused: nothing to report.
      });
      return;
    }
    setOpen(next);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url());
      setCopied(true);
      toast.success('Link copied');
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy the link');
    }
  };

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        {iconOnly ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Share"
            className={cn('size-11 rounded-full', className)}
          >
            <Share2 aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm" className={cn('min-h-11 sm:min-h-9', className)}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <ShareMenuItems path={path} title={title} copied={copied} onCopy={() => void copy()} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
