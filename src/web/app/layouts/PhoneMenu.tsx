import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { GraduationCap, LayoutDashboard, LogIn, Menu, Store } from 'lucide-react';
import { CATEGORIES_SECTION_ID } from '../../lib/scroll.ts';
import { Button } from '../../components/ui/button.tsx';

const ITEM_CLASS =
  'flex min-h-11 items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none hover:bg-secondary hover:text-secondary-foreground focus-visible:bg-secondary focus-visible:text-secondary-foreground focus-visible:ring-2 focus-visible:ring-ring/60 [&_svg]:size-4 [&_svg]:shrink-0';

export interface PhoneMenuProps {
  signedIn: boolean;
  matricLabel: string;
  signInPath: string;
  onCategoriesClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The header's navigation below the desktop breakpoint: a disclosure (a button with `aria-expanded` that
 * shows a list of links), not an ARIA menu. Site navigation is links, which a disclosure presents as links
 * to screen readers and the Tab key; it needs no positioning or focus-trapping library, so the header costs
 * no JavaScript beyond this file (decision 0023). Escape closes it and returns focus to the button; a tap
 * outside, focus moving elsewhere or a navigation closes it too. Every link is at least 44 px high.
 */
export function PhoneMenu({ signedIn, matricLabel, signInPath, onCategoriesClick }: PhoneMenuProps) {
  const panelId = useId();
  const { key } = useLocation();
  // Open for the location it was opened at: any navigation (a link here, Back, a redirect) closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const close = () => setOpenAt(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative lg:hidden"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) close();
      }}
    >
      <Button
        ref={buttonRef}
        variant="outline"
        size="icon"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenAt(open ? null : key)}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {open && (
        <nav
          id={panelId}
          aria-label="Menu"
          className="absolute top-full right-0 z-50 mt-1 w-60 animate-pop-in rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          // A chosen link closes the panel, also when it leads to the page already shown.
          onClick={(event) => {
            if ((event.target as Element).closest('a')) close();
          }}
        >
          <ul>
            <li>
              <a href={`/#${CATEGORIES_SECTION_ID}`} className={ITEM_CLASS} onClick={onCategoriesClick}>
                Categories
              </a>
            </li>
            <li>
              <NavLink to="/browse" className={ITEM_CLASS}>
                Browse
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" className={ITEM_CLASS}>
                About
              </NavLink>
            </li>
          </ul>
          <div role="separator" className="-mx-1 my-1 h-px bg-border" />
          <ul>
            <li>
              <Link to="/matric-access" className={ITEM_CLASS}>
                <GraduationCap aria-hidden="true" />
                {matricLabel}
              </Link>
            </li>
            {signedIn ? (
              <li>
                <Link to="/dashboard" className={ITEM_CLASS}>
                  <LayoutDashboard aria-hidden="true" />
                  Dashboard
                </Link>
              </li>
            ) : (
              <>
                <li>
                  <Link to={signInPath} className={ITEM_CLASS}>
                    <LogIn aria-hidden="true" />
                    Sign In
                  </Link>
                </li>
                <li>
                  <Link to="/packages" className={ITEM_CLASS}>
                    <Store aria-hidden="true" />
                    List Your Service
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
