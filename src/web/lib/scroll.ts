/** The id of the home page's category section (the header's Categories link targets it). */
export const CATEGORIES_SECTION_ID = 'categories';

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Scroll the element with this id into view (smoothly unless the user prefers less motion). */
export function scrollToId(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}
