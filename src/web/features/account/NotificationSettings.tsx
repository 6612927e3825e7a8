// Settings › Account: one switch per email category that concerns the user (the server lists them by role);
// essential account mail has none.
import { QueryError } from '../../components/query-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from './api.ts';

export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  return (
    <section className="grid gap-4" aria-labelledby="notification-settings-heading">
      <div>
        <h2 id="notification-settings-heading" className="text-lg font-semibold">
          Email notifications
        </h2>
        <p className="text-sm text-muted-foreground">
          Password resets, address verification and changes to your email are always sent.
        </p>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-40 w-full rounded-lg" />
      ) : settings.isError ? (
        <QueryError
          layout="inline"
          message="Failed to load your notification settings."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <ul className="divide-y rounded-lg border">
          {settings.data.settings.map((s) => {
            const id = `notify-${s.category}`;
            return (
              <li key={s.category} className="flex items-center justify-between gap-4 p-4">
                <div>
                  <label htmlFor={id} className="text-sm font-medium">
                    {s.label}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-muted-foreground">
                    {s.description}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={s.enabled}
                  aria-describedby={`${id}-description`}
                  disabled={update.isPending}
                  onCheckedChange={(enabled) =>
                    update.mutate(
                      { settings: [{ category: s.category, enabled }] },
                      {
                        onSuccess: () =>
                          toast.success(`${s.label} emails ${enabled ? 'turned on' : 'turned off'}`),
                        onError: (error) => toast.error(errorMessage(error, 'Failed to save your settings')),
                      },
                    )
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
