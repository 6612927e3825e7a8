/** /admin/users: search, filter and server-paged user cards (state in the URL). */
import { Users } from 'lucide-react';
import { ADMIN_MESSAGES, USER_FILTER_LABELS, USER_FILTERS, usersQuerySchema } from '@domain/admin.ts';
import { TablePagination } from '../../components/data-table/TablePagination.tsx';
import { TableSearch } from '../../components/data-table/TableSearch.tsx';
import { useTableParams } from '../../components/data-table/use-table-params.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { useAdminPackages, useAdminUsers } from './api.ts';
import { UserCard } from './UserCard.tsx';
import { QueryError, useErrorToast } from '../../components/query-state.tsx';

export function UsersManager({ selfId }: { selfId: string }) {
  const table = useTableParams(usersQuerySchema);
  const { state } = table;
  const { data, isPending, isFetching, error, refetch } = useAdminUsers(state);
  const { data: packages } = useAdminPackages();

  useErrorToast(Boolean(error), ADMIN_MESSAGES.usersLoadFailed, { id: 'admin-users-error' });

  return (
    <div className="space-y-5">
      <section aria-label="Filters" className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
        <TableSearch
          value={state.search ?? ''}
          onSearch={(text) => table.setFilter('search', text || undefined)}
          label="Search users"
          placeholder="Search name or email…"
        />
        <FilterSelect
          id="users-filter"
          label="Show"
          value={state.filter}
          onChange={(value) => value && table.setFilter('filter', value)}
          options={USER_FILTERS.map((f) => ({ value: f, label: USER_FILTER_LABELS[f] }))}
        />
      </section>

      {isPending ? (
        <ul aria-busy="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-56 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : error || !data ? (
        <QueryError layout="card" message={ADMIN_MESSAGES.usersLoadFailed} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <Card className="text-center">
          <CardContent className="flex flex-col items-center gap-2 py-10 text-muted-foreground">
            <Users aria-hidden="true" className="size-8" />
            No users found.
          </CardContent>
        </Card>
      ) : (
        <ul
          aria-label="Users"
          aria-busy={isFetching}
          className={cn('grid gap-4 md:grid-cols-2 xl:grid-cols-3', isFetching && 'opacity-70')}
        >
          {data.items.map((user) => (
            <UserCard key={user.id} user={user} packages={packages ?? []} isSelf={user.id === selfId} />
          ))}
        </ul>
      )}

      <TablePagination
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        pageSizes={[25, 50, 100]}
        label="Users pages"
      />
    </div>
  );
}
