import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import { ArrowLeft, BookOpen, GraduationCap, Package } from 'lucide-react';
import { signInSchema, signUpFormSchema } from '@domain/auth.ts';
import { PREMIUM_GUIDE_PRICE, PRODUCT_NAME } from '@domain/constants.ts';
import { PACKAGE_LABELS } from '@domain/packages.ts';
import { formatRand } from '@domain/format.ts';
import { FormField } from '../components/form-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Input } from '../components/ui/input.tsx';
import { PageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useSignIn, useSignUp } from '../features/auth/api.ts';
import { useMe } from '../features/auth/use-me.ts';
import { errorMessage } from '../lib/api.ts';
import { applyServerErrors } from '../lib/form-errors.ts';
import { useZodForm } from '../lib/use-zod-form.ts';
import { safeRedirect } from '../lib/utils.ts';

/** What /packages (or another page) may pass in the navigation state. */
interface AuthNavigationState {
  /** True when the state has a packageType key at all, even an empty one. */
  hasPackageKey: boolean;
  packageType: string | null;
  from: string | null;
}

function readNavigationState(state: unknown): AuthNavigationState {
  if (typeof state !== 'object' || state === null)
    return { hasPackageKey: false, packageType: null, from: null };
  const record = state as Record<string, unknown>;
  const packageType = typeof record.packageType === 'string' ? record.packageType.trim() : '';
  return {
    hasPackageKey: 'packageType' in record,
    packageType: packageType || null,
    from: typeof record.from === 'string' ? record.from : null,
  };
}

function packageName(packageType: string): string {
  return packageType
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

interface FormProps {
  /** Called as the request starts, so the page does not treat the new session as "already signed in". */
  onStart: () => void;
  /** Called when the request fails. */
  onFail: () => void;
}

function SignInForm({ onStart, onFail, redirect }: FormProps & { redirect: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
  const busy = isSubmitting || signIn.isPending || signIn.isSuccess;

  const onSubmit = handleSubmit(async (values) => {
    if (signIn.isPending) return;
    onStart();
    try {
      await signIn.mutateAsync(values);
      toast.success('Signed in successfully!');
      await navigate(redirect ?? '/dashboard', { replace: true });
    } catch (error) {
      onFail();
      applyServerErrors(error, setError, ['email', 'password']);
      toast.error(errorMessage(error, 'Failed to sign in'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm({
  onStart,
  onFail,
  redirect,
  packageType,
  isMatric,
}: FormProps & { redirect: string | null; packageType: string | null; isMatric: boolean }) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(signUpFormSchema, {
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const busy = isSubmitting || signUp.isPending || signUp.isSuccess;

  const onSubmit = handleSubmit(async (values) => {
    if (signUp.isPending) return;
    onStart();
    try {
      const { fullName, email, password } = values;
      const result = await signUp.mutateAsync({
        fullName,
        email,
        password,
        ...(packageType ? { packageType } : {}),
      });
      if (result.packageStatus === 'active') {
        toast.success('Account created successfully! Your FREE Basic package is active.');
        await navigate('/dashboard', { replace: true });
      } else if (result.packageStatus === 'pending') {
        const chosen = packageType ?? result.me.provider?.packageType ?? '';
        toast.success('Account created! Complete your payment to activate your package.');
        await navigate(`/checkout${chosen ? `?package=${encodeURIComponent(chosen)}` : ''}`, {
          replace: true,
          state: { packageType: chosen },
        });
      } else if (isMatric) {
        toast.success('Account created! Redirecting to complete payment...');
        await navigate(redirect ?? '/matric-access', { replace: true });
      } else {
        toast.success('Account created successfully!');
        await navigate(redirect ?? '/dashboard', { replace: true });
      }
    } catch (error) {
      onFail();
      applyServerErrors(error, setError, ['fullName', 'email', 'password']);
      toast.error(errorMessage(error, 'Failed to sign up'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <FormField id="signup-full-name" label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" placeholder="Your full name" {...register('fullName')} />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint={errors.password ? undefined : 'At least 6 characters.'}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField
        id="signup-confirm-password"
        label="Confirm Password"
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

export default function Auth() {
  const { data: me, isPending: sessionLoading } = useMe();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const isMatric = searchParams.get('type') === 'matric';
  const redirect = safeRedirect(searchParams.get('redirect'));
  const navState = readNavigationState(location.state);
  const missingPackage = navState.hasPackageKey && !navState.packageType;

  const [tab, setTab] = useState(navState.packageType ? 'signup' : 'signin');
  // True from the moment a form is submitted: the session that appears is ours, and the form navigates.
  const [authenticating, setAuthenticating] = useState(false);

  useEffect(() => {
    if (me !== null || !missingPackage) return;
    toast.error('Please select a package first', { id: 'select-package-first' });
    void navigate('/packages', { replace: true });
  }, [me, missingPackage, navigate]);

  if (me && !authenticating) return <Navigate to={redirect ?? '/dashboard'} replace />;
  if (sessionLoading || missingPackage) return <PageSpinner className="min-h-screen" />;

  const formProps: FormProps = {
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
