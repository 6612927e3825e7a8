import type { MouseEvent } from 'react';

/** The first focusable element of a layout: moves keyboard focus past the header to the main region. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.focus();
    element.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${target}`}
      onClick={onClick}
      className="sr-only z-[70] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-[3px] focus:ring-ring/60"
    >
      Skip to main content
    </a>
  );
}
