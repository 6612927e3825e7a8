import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-secondary/60 to-background px-4 py-16">
      <div className="text-center">
        <p
          aria-hidden="true"
          className="bg-gradient-to-br from-primary to-gold bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl"
        >
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Oops! Page not found</h1>
        <p className="mx-auto mt-3 max-w-sm text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">
            <Home aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
