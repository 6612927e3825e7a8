/** /admin/matric-users: users with approved Matric Guide access, their use of it, and revoke. */
import { UserCheck } from 'lucide-react';
import { MatricUsersTable } from '../../features/guide/MatricUsersTable.tsx';

export default function MatricUsers() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <UserCheck aria-hidden="true" className="size-6 text-primary" />
          Matric Users
        </h1>
        <p className="mt-1 text-muted-foreground">Users with approved access to the Matric Guide.</p>
      </div>
      <MatricUsersTable />
    </div>
  );
}
