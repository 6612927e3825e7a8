import type { MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { GraduationCap, LayoutDashboard } from 'lucide-react';
import { SIGN_IN_PATH } from '@domain/redirect.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMe } from '../../lib/use-me.ts';
import { CATEGORIES_SECTION_ID, scrollToId } from '../../lib/scroll.ts';
import { useSignInPath } from '../../lib/redirect.ts';
import { cn } from '../../lib/utils.ts';
import { Footer } from './Footer.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';

/** Categories: scroll to the section on the home page, or go home first and land on it. */
function useGoToCategories() {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    if (location.pathname === '/' && scrollToId(CATEGORIES_SECTION_ID)) return;
    void navigate(`/#${CATEGORIES_SECTION_ID}`);
  };
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none hover:bg-secondary hover:text-secondary-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive ? 'text-primary' : 'text-foreground/80',
  );

/** Header Sign In: come back to this page afterwards, except from Home (the dashboard is the usual start). */
function useHeaderSignInPath(): string {
  const { pathname } = useLocation();
  const here = useSignInPath();
  return pathname === '/' ? SIGN_IN_PATH : here;
}

function Header() {
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const signInPath = useHeaderSignInPath();
  // The spec's header button reads 'Matric Login' signed in or not (decision 0037).
  const matricLabel = 'Matric Login';
  const goToCategories = useGoToCategories();

  const onCategoriesClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    goToCategories();
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <BrandLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <a
            href={`/#${CATEGORIES_SECTION_ID}`}
            onClick={onCategoriesClick}
            className={navLinkClass({ isActive: false })}
          >
            Categories
          </a>
          <NavLink to="/browse" className={navLinkClass}>
            Browse
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Button variant="outline" asChild>
            <Link to="/matric-access">
              <GraduationCap aria-hidden="true" />
              {matricLabel}
            </Link>
          </Button>
          {signedIn ? (
            <Button asChild>
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden="true" />
                Dashboard
              </Link>
            </Button>
          ) : (
            <>
              <Button variant="ghost" asChild>
                <Link to={signInPath}>Sign In</Link>
              </Button>
              <Button variant="gold" asChild>
                <Link to="/packages">List Your Service</Link>
              </Button>
            </>
          )}
        </div>

        <PhoneMenu
          signedIn={signedIn}
          matricLabel={matricLabel}
          signInPath={signInPath}
          onCategoriesClick={onCategoriesClick}
        />
      </div>
    </header>
  );
}

/** Header, page and footer for every public page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
