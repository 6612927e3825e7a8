// The pieces every /dashboard home shares (user, provider, admin): heading, stat cards, Getting Started.
import type { LucideIcon } from 'lucide-react';
import { ArrowRight, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@domain/format.ts';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export function DashboardHeading({ name }: { name: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Welcome back, {name}!</p>
    </div>
  );
}

/**
 * A count with its label and icon; while the value is unknown the number is a skeleton. `compact` is the
 * smaller card of the admin tables' summaries (four in a row on a desktop, two on a phone). `hint` says
 * under the number what is counted.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  compact = false,
  hint,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  compact?: boolean;
  hint?: string;
}) {
  const number =
    value === undefined ? (
      <Skeleton className={compact ? 'mt-1 h-7 w-12' : 'h-8 w-16'} />
    ) : (
      <p className={compact ? 'text-2xl font-bold' : 'text-3xl font-bold tracking-tight'}>
        {formatCount(value)}
      </p>
    );
  if (compact) {
    return (
      <Card className="gap-1 py-4">
        <CardContent className="flex items-center justify-between gap-2">
          <div>
            <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h2>
            {number}
          </div>
          <Icon aria-hidden="true" className="size-5 text-primary" />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="gap-2 py-5">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-secondary text-primary"
        >
          <Icon className="size-4" />
        </span>
      </CardHeader>
      <CardContent>
        {number}
        {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  );
}

/** Placeholders of the stat cards' shape while the first answer is on its way. */
export function StatCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="gap-3 py-5">
          <CardContent className="space-y-4">
            <div className="flex items-center justify-between">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="size-9 rounded-full" />
            </div>
            <Skeleton className="h-8 w-16" />
          </CardContent>
        </Card>
      ))}
    </>
  );
}

/** The Getting Started card: what to do first, and the button that does it. */
export function GettingStartedCard({ text, label, to }: { text: string; label: string; to: string }) {
  return (
    <Card className="overflow-hidden border-primary/20 bg-gradient-to-br from-secondary to-card">
      <CardHeader className="flex-row items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-gold"
        >
          <Rocket className="size-5" />
        </span>
        <div className="space-y-1.5">
          <CardTitle as="h2" className="text-lg">
            Getting Started
          </CardTitle>
          <CardDescription>{text}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={to}>
            {label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
