/** /admin/premium-access: every Matric Guide access request newest first (?status= filters them). */
import { Crown } from 'lucide-react';
import { ACCESS_STATUSES, type AccessStatus } from '@domain/guide.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { AccessRequestsTable, ACCESS_STATUS_LABEL } from '../../features/guide/AccessRequestsTable.tsx';
import { useUrlChoice } from '../../lib/url-choice.ts';

export default function PremiumAccess() {
  const [status, setStatus] = useUrlChoice<AccessStatus>('status', ACCESS_STATUSES);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <Crown aria-hidden="true" className="size-6 text-primary" />
            Premium Access
          </h1>
          <p className="mt-1 text-muted-foreground">Matric Guide access requests, newest first.</p>
        </div>
        <FilterSelect
          id="request-status-filter"
          label="Filter by status"
          className="sm:w-48"
          value={status}
          onChange={setStatus}
          allLabel="All"
          options={ACCESS_STATUSES.map((s) => ({ value: s, label: ACCESS_STATUS_LABEL[s] }))}
        />
      </div>
      <AccessRequestsTable status={status} />
    </div>
  );
}
