import { Badge } from './ui/badge.tsx';

/**
 * A provider's payment status: active (green), pending (amber: waiting for an admin, not an error), any
 * other value destructive (red), as the specification keeps red for values other than active and pending.
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  const variant = status === 'active' ? 'success' : status === 'pending' ? 'warning' : 'destructive';
  const label = status ? status[0]!.toUpperCase() + status.slice(1) : 'Unknown';
  return <Badge variant={variant}>{label}</Badge>;
}
