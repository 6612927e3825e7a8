import { Briefcase, MapPin, Users } from 'lucide-react';

/** "Matric Moments in numbers": providers, provinces and clients, as the admin wrote them. */
export function SiteStats({
  providers,
  provinces,
  clients,
}: {
  providers: string;
  provinces: string;
  clients: string;
}) {
  const stats = [
    { value: providers, label: 'Service Providers', icon: Briefcase },
    { value: provinces, label: 'Provinces', icon: MapPin },
    { value: clients, label: 'Happy Clients', icon: Users },
  ];
  return (
    <section aria-label="Matric Moments in numbers" className="py-14 sm:py-16">
      <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-3 px-4 sm:gap-6 sm:px-6 lg:px-8">
        {stats.map(({ value, label, icon: Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center rounded-xl bg-card px-2 py-5 text-center shadow-sm ring-1 ring-border sm:p-6"
          >
            <Icon aria-hidden="true" className="size-7 text-gold" />
            <dt className="order-last mt-1 text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="mt-2 text-2xl font-extrabold tracking-tight text-primary sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
