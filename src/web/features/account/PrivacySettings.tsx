// Settings › Privacy (issue 24, POPIA; decision 0056): download everything kept about you as a JSON file,
// and delete your account, confirmed with the password and the typed word DELETE.
import { Download, Trash2 } from 'lucide-react';
import { DELETE_CONFIRMATION_WORD, PRIVACY_MESSAGES, deleteAccountSchema } from '@domain/privacy.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useDeleteAccount, useDownloadMyData } from './api.ts';

export function DownloadMyData() {
  const download = useDownloadMyData();
  const busy = download.isPending;
  const onClick = async () => {
    try {
      await download.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error, PRIVACY_MESSAGES.exportFailed));
    }
  };
  return (
    <section className="grid gap-4" aria-labelledby="download-data-heading">
      <div>
        <h2 id="download-data-heading" className="text-lg font-semibold">
          Download my data
        </h2>
        <p className="text-sm text-muted-foreground">
          A JSON file of everything Matric Moments keeps about you: your account and profile, your business
          and listings, favourites, enquiries with their conversations, reviews, Matric Guide requests and
          notification settings.
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Spinner label={null} /> : <Download aria-hidden="true" />}
        Download my data
      </Button>
    </section>
  );
}

/**
 * `onDeleted` gets the server's message once the account is gone: the page signs the browser out and goes
 * home (the session belongs to the auth feature).
 */
export function DeleteAccountForm({ onDeleted }: { onDeleted: (message: string) => Promise<void> }) {
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(deleteAccountSchema, { defaultValues: { password: '', confirmation: '' } });
  const busy = isSubmitting || remove.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await remove.mutateAsync(values);
      await onDeleted(message);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['password', 'confirmation']))
        toast.error(errorMessage(error, PRIVACY_MESSAGES.deleteFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="delete-account-heading">
      <div>
        <h2 id="delete-account-heading" className="text-lg font-semibold text-destructive">
          Delete my account
        </h2>
        <p className="text-sm text-muted-foreground">
          This removes your account, profile, favourites, Matric Guide access and, if you are a provider, your
          business with its listings and images. Your reviews stay as &lsquo;Anonymous User&rsquo;, and
          enquiries you sent stay with the providers without your name or contact details. This cannot be
          undone.
        </p>
      </div>
      <FormField id="delete-account-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </FormField>
      <FormField
        id="delete-account-confirmation"
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        error={errors.confirmation?.message}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...register('confirmation')}
        />
      </FormField>
      <Button
        type="submit"
        variant="destructive"
        className="justify-self-start"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <Spinner label={null} /> : <Trash2 aria-hidden="true" />}
        Delete my account
      </Button>
    </form>
  );
}
