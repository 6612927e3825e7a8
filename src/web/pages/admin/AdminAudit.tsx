import { ScrollText } from 'lucide-react';
import { AuditLog } from '../../features/admin/AuditLog.tsx';

/** /admin/audit: who did what, and when. */
export default function AdminAudit() {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <ScrollText aria-hidden="true" className="size-6 text-primary" />
          Audit Log
        </h1>
        <p className="mt-1 text-muted-foreground">Every admin action with its before and after values.</p>
      </div>
      <AuditLog />
    </div>
  );
}
