import { Users } from 'lucide-react';
import { useMe } from '../../lib/use-me.ts';
import { UsersManager } from '../../features/admin/UsersManager.tsx';

/** /admin/users: users, roles and provider packages. */
export default function AdminUsers() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Users aria-hidden="true" className="size-6 text-primary" />
          Manage Users
        </h1>
        <p className="mt-1 text-muted-foreground">Roles, provider packages and accounts.</p>
      </div>
      <UsersManager selfId={me.user.id} />
    </div>
  );
}
