/** The become-a-provider form: business name and description (both required). */
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { becomeProviderSchema, PROVIDER_MESSAGES } from '@domain/providers.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { Link } from 'react-router';
import { useBecomeProvider } from './api.ts';

export function BecomeProviderForm() {
  const navigate = useNavigate();
  const become = useBecomeProvider();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(becomeProviderSchema, { defaultValues: { businessName: '', description: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (become.isPending) return;
    try {
      await become.mutateAsync(values);
      toast.success(PROVIDER_MESSAGES.created);
      await navigate('/dashboard/listings/new');
    } catch (error) {
      applyServerErrors(error, setError, ['businessName', 'description']);
      toast.error(errorMessage(error, PROVIDER_MESSAGES.createFailed));
    }
  });
  const busy = isSubmitting || become.isPending || become.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Become a service provider">
      <FormField id="business-name" label="Business Name" required error={errors.businessName?.message}>
        <Input autoComplete="organization" placeholder="Your business name" {...register('businessName')} />
      </FormField>
      <FormField id="business-description" label="Description" required error={errors.description?.message}>
        <Textarea
          rows={5}
          placeholder="Tell families about your business and the services you offer"
          {...register('description')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/dashboard">Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner label={null} />}
          Create Provider Account
        </Button>
      </div>
    </form>
  );
}
