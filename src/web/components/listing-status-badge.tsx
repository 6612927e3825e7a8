import { Badge } from './ui/badge.tsx';

const VARIANTS: Record<string, 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

/** A listing's moderation status: pending (amber), approved (green), rejected (red). */
export function ListingStatusBadge({ status, className }: { status: string; className?: string }) {
  const label = status ? status[0]!.toUpperCase() + status.slice(1) : 'Unknown';
  return (
    <Badge variant={VARIANTS[status] ?? 'muted'} className={className}>
      {label}
    </Badge>
  );
}
