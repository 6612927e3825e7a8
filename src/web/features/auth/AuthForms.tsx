// The sign-in and sign-up forms of /auth.
import { Link, useNavigate } from 'react-router';
import { signInSchema, signUpFormSchema } from '@domain/auth.ts';
import { CONSENT_LABELS, LEGAL_PATHS } from '@domain/legal.ts';
import { FormField } from '../../components/form-field.tsx';
import { HoneypotField } from '../../components/honeypot-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useFormGuard } from '../../lib/use-form-guard.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useSignIn, useSignUp } from './api.ts';
import { ConsentField, PolicyLink } from './ConsentField.tsx';

export interface AuthFormProps {
  /** Called as the request starts, so the page does not treat the new session as "already signed in". */
  onStart: () => void;
  /** Called when the request fails. */
  onFail: () => void;
}

/** The Sign In tab: email and password; goes to `redirect` (or /dashboard) once signed in. */
export function SignInForm({ onStart, onFail, redirect }: AuthFormProps & { redirect: string | null }) {
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
      <Link
        to="/auth/forgot-password"
        className="-mt-2 justify-self-end rounded-sm py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/**
 * The Sign Up tab: full name, email, password twice and the two consent boxes (decision 0055). Where it goes depends on the package chosen on
 * /packages (active: /dashboard; pending payment: /checkout) or the Matric Guide (`isMatric`).
 */
export function SignUpForm({
  onStart,
  onFail,
  redirect,
  packageType,
  isMatric,
}: AuthFormProps & { redirect: string | null; packageType: string | null; isMatric: boolean }) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const guard = useFormGuard();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(signUpFormSchema, {
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
      guardianConsent: false,
    },
  });
  const busy = isSubmitting || signUp.isPending || signUp.isSuccess;

  const onSubmit = handleSubmit(async (values) => {
    if (signUp.isPending) return;
    onStart();
    try {
      const { fullName, email, password, acceptTerms, guardianConsent } = values;
      const result = await signUp.mutateAsync({
        fullName,
        email,
        password,
        acceptTerms,
        guardianConsent,
        ...(packageType ? { packageType } : {}),
        ...(await guard.fields()),
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
      applyServerErrors(error, setError, ['fullName', 'email', 'password', 'acceptTerms', 'guardianConsent']);
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
      <HoneypotField id="signup-website" inputRef={guard.honeypotRef} />
      <FormField
        id="signup-confirm-password"
        label="Confirm Password"
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <ConsentField
        id="signup-accept-terms"
        error={errors.acceptTerms?.message}
        registration={register('acceptTerms')}
        label={
          <>
            I agree to the <PolicyLink to={LEGAL_PATHS.terms}>Terms</PolicyLink> and{' '}
            <PolicyLink to={LEGAL_PATHS.privacy}>Privacy Policy</PolicyLink>
          </>
        }
      />
      <ConsentField
        id="signup-guardian-consent"
        error={errors.guardianConsent?.message}
        registration={register('guardianConsent')}
        label={CONSENT_LABELS.guardian}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={busy}>
        {busy && <Spinner label={null} />}
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
