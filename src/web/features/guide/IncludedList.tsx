import { CheckCircle2 } from 'lucide-react';

/** What the guide holds (the spec's six topics). */
export const GUIDE_TOPICS = [
  'Fashion and styling guide',
  'Venue selection and planning',
  'Budget management',
  'Photography tips',
  'Social etiquette',
  'Last-minute checklist',
] as const;

export function IncludedList() {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {GUIDE_TOPICS.map((topic) => (
        <li key={topic} className="flex items-start gap-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          {topic}
        </li>
      ))}
    </ul>
  );
}
