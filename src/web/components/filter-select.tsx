// A labelled select that filters a list: the admin tables, enquiries and access requests use it. With
// `allLabel`, the first entry clears the filter (value undefined).
import { Label } from './ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select.tsx';
import { cn } from '../lib/utils.ts';

/** The select's value for "no filter": never a real option's value. */
const ALL = 'all';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

export function FilterSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
}: {
  id: string;
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: readonly FilterOption<T>[];
  allLabel?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? (allLabel === undefined ? undefined : ALL)}
        onValueChange={(next) => onChange(next === ALL ? undefined : (next as T))}
      >
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {allLabel !== undefined && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
