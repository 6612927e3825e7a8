// The frame of the small signed-out screens (forgot and reset password, verification link): a card with a
// heading, centred like /auth, and a way back.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

export function AuthShell({
  title,
  description,
  back = { to: '/auth', label: 'Back to Sign In' },
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-secondary via-background to-accent/20 px-4 py-10">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
        <Card className="shadow-lg">
          <CardHeader className="items-center text-center">
            <span
              aria-hidden="true"
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary to-primary/70 text-gold shadow-md"
            >
              <KeyRound className="size-7" />
            </span>
            <CardTitle as="h1" className="mt-2 text-2xl">
              {title}
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent className="grid gap-4">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

/** A message in the card, announced to screen readers when it appears. */
export function AuthNotice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-foreground'
          : 'rounded-lg border border-primary/30 bg-secondary p-4 text-sm text-secondary-foreground'
      }
    >
      {children}
    </p>
  );
}
