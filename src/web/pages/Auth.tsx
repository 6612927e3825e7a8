import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ArrowLeft, BookOpen, GraduationCap, Package } from 'lucide-react';
import { PREMIUM_GUIDE_PRICE, PRODUCT_NAME } from '@domain/constants.ts';
import { PACKAGE_LABELS } from '@domain/packages.ts';
import { formatRand } from '@domain/format.ts';
import { useErrorToast } from '../components/query-state.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { packageName, readNavigationState } from '../features/auth/auth-navigation.ts';
import { SignInForm, SignUpForm, type AuthFormProps } from '../features/auth/AuthForms.tsx';
import { useMe } from '../lib/use-me.ts';
import { safeRedirect } from '../lib/utils.ts';

/** /auth: Sign In and Sign Up tabs, for the Matric Guide (?type=matric) or a package chosen on /packages. */
export default function Auth() {
  const { data: me, isPending: sessionLoading } = useMe();
  const [searchParams] = useSearchParams();
  const location = useLocation();

  const isMatric = searchParams.get('type') === 'matric';
  const redirect = safeRedirect(searchParams.get('redirect'));
  const navState = readNavigationState(location.state);
  const missingPackage = navState.hasPackageKey && !navState.packageType;

  const [tab, setTab] = useState(navState.packageType ? 'signup' : 'signin');
  // True from the moment a form is submitted: the session that appears is ours, and the form navigates.
  const [authenticating, setAuthenticating] = useState(false);

  useErrorToast(me === null && missingPackage, 'Please select a package first', {
    id: 'select-package-first',
    redirectTo: '/packages',
  });

  if (me && !authenticating) return <Navigate to={redirect ?? '/dashboard'} replace />;
  if (sessionLoading || missingPackage) return <PageSpinner className="min-h-screen" />;

  const formProps: AuthFormProps = {
    onStart: () => setAuthenticating(true),
    onFail: () => setAuthenticating(false),
  };

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-secondary via-background to-accent/20 px-4 py-10">
      <div className="w-full max-w-md">
        <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>

        <Card className="shadow-lg">
          <CardHeader className="items-center text-center">
            <span
              aria-hidden="true"
              className="mx-auto flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary to-primary/70 text-gold shadow-md"
            >
              {isMatric ? <BookOpen className="size-7" /> : <GraduationCap className="size-7" />}
            </span>
            <CardTitle as="h1" className="mt-2 text-2xl">
              {isMatric ? 'Matric Guide Access' : 'Welcome Back'}
            </CardTitle>
            <CardDescription>
              {isMatric
                ? `Sign in or create an account to unlock the ${PRODUCT_NAME} Guide`
                : 'Sign in to your account or create a new one'}
            </CardDescription>
          </CardHeader>

          <CardContent className="grid gap-6">
            {isMatric && (
              <div className="rounded-lg border border-gold/50 bg-gold/15 p-4 text-sm text-gold-foreground dark:text-foreground">
                <p className="font-semibold">One-time payment: {formatRand(PREMIUM_GUIDE_PRICE)}</p>
                <p className="mt-1">
                  Pay {formatRand(PREMIUM_GUIDE_PRICE)} once for lifetime access to the {PRODUCT_NAME} Guide:
                  tips and tricks for the perfect matric farewell.
                </p>
              </div>
            )}
            {navState.packageType && (
              <div className="flex items-start gap-3 rounded-lg border border-primary/30 bg-secondary p-4 text-sm text-secondary-foreground">
                <Package aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <p>
                  Selected package: <strong>{packageName(navState.packageType)}</strong>
                  {PACKAGE_LABELS[navState.packageType] ? ` (${PACKAGE_LABELS[navState.packageType]})` : ''}.
                  Create your account to continue.
                </p>
              </div>
            )}

            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-2">
                <SignInForm {...formProps} redirect={redirect} />
              </TabsContent>
              <TabsContent value="signup" className="pt-2">
                <SignUpForm
                  {...formProps}
                  redirect={redirect}
                  packageType={navState.packageType}
                  isMatric={isMatric}
                />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
