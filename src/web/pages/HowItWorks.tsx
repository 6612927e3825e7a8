import { Link } from 'react-router';
import { ArrowRight, MessageSquare, PartyPopper, Search, Star } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';

const STEPS = [
  {
    icon: Search,
    title: 'Browse & Search',
    text: 'Explore providers by category, province or keyword: cars, outfits, photographers, venues and more.',
  },
  {
    icon: Star,
    title: 'Compare Providers',
    text: 'Look at photos, prices, ratings and reviews to find the providers that suit your style and budget.',
  },
  {
    icon: MessageSquare,
    title: 'Send an Enquiry',
    text: 'Contact providers directly from their listing to check availability and get a quote.',
  },
  {
    icon: PartyPopper,
    title: 'Celebrate in Style',
    text: 'Book your favourites and enjoy a matric farewell to remember.',
  },
] as const;

export default function HowItWorks() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How It Works</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Planning your matric farewell takes four simple steps.
        </p>
      </header>
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <span className="absolute -top-3 left-6 rounded-full bg-gold px-2.5 py-0.5 text-xs font-bold text-gold-foreground">
              Step {i + 1}
            </span>
            <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-14 rounded-2xl bg-gradient-to-br from-[oklch(0.3_0.12_285)] via-primary to-[oklch(0.45_0.18_310)] px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">Ready to get started?</h2>
        <p className="mx-auto mt-2 max-w-xl text-white/85">
          Find your providers now, or create an account to save favourites and list your own services.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="gold">
            <Link to="/browse">
              Browse Services
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white"
          >
            <Link to="/auth">Sign Up</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
