/**
 * The Legal tab of /admin/cms: the HTML of the privacy policy and of the terms, each with its "Last
 * updated" date. The server sanitises what is saved (scripts, styles and event handlers go) and gives a
 * document a new date only when its text changed; the form then shows what was stored.
 */
import { useEffect, useEffectEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@domain/format.ts';
import {
  LEGAL_DOCUMENTS,
  LEGAL_MESSAGES,
  LEGAL_PATHS,
  LEGAL_TITLES,
  legalContentSchema,
  type AdminLegal,
} from '@domain/legal.ts';
import { CONTENT_MESSAGES } from '@domain/content.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useSaveLegal } from './admin-api.ts';

const valuesOf = (legal: AdminLegal) => ({ privacy: legal.privacy.html, terms: legal.terms.html });

export function LegalEditor({
  legal,
  onDirtyChange,
}: {
  legal: AdminLegal;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useZodForm(legalContentSchema, { defaultValues: valuesOf(legal) });
  const save = useSaveLegal();
  const { errors, isDirty, isSubmitting } = form.formState;

  const reportDirty = useEffectEvent((dirty: boolean) => onDirtyChange(dirty));
  useEffect(() => reportDirty(isDirty), [isDirty]);
  useEffect(() => () => reportDirty(false), []);

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const saved = await save.mutateAsync(data);
      form.reset(valuesOf(saved));
      toast.success(LEGAL_MESSAGES.saved);
    } catch (error) {
      applyServerErrors(error, form.setError, ['privacy', 'terms']);
      toast.error(errorMessage(error, CONTENT_MESSAGES.saveFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Write HTML: headings, paragraphs, lists, links and tables. Scripts, styles and anything else unsafe
        are removed when you save. A page&apos;s “Last updated” date changes when its text does, and new
        accounts record the version they agreed to.
      </p>
      {LEGAL_DOCUMENTS.map((kind) => {
        const updatedAt = save.data?.[kind].updatedAt ?? legal[kind].updatedAt;
        return (
          <FormField
            key={kind}
            id={`legal-${kind}`}
            label={`${LEGAL_TITLES[kind]} (HTML)`}
            required
            error={errors[kind]?.message}
            hint={
              <>
                {updatedAt ? `Last updated ${formatDateTime(updatedAt)}. ` : 'Not published yet. '}
                <Link
                  to={LEGAL_PATHS[kind]}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  View the {LEGAL_TITLES[kind]} page
                </Link>
              </>
            }
          >
            <Textarea rows={14} className="font-mono text-xs sm:text-sm" {...form.register(kind)} />
          </FormField>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner label={null} />}
          Save Legal Pages
        </Button>
        {isDirty && (
          <Button type="button" variant="ghost" onClick={() => form.reset()}>
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}
