/** Display rules of mail that the site's shared formats (src/domain/format.ts) do not already cover. */

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

/** The site's date format, 'MMM d, yyyy' ('Nov 27, 2026'), on the South African calendar. */
export function mailDate(value: string | Date): string {
  return DATE.format(typeof value === 'string' ? new Date(value) : value);
}
