/**
 * The FAQs tab: every FAQ as an editable entry (question, answer, active). "Add FAQ" appends an empty entry;
 * "Save FAQs" saves them all at once, skipping entries whose question or answer is blank (spec section 5);
 * new ones go last and active. Move up/down (swap and renumber from 1; the first cannot move up, the last
 * cannot move down) and delete (after confirmation) act on saved entries at once, so they wait until
 * edits are saved or discarded.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { Plus, Trash2, X } from 'lucide-react';
import { isCompleteFaq, saveFaqsSchema, type AdminFaq } from '@domain/content.ts';
import { FormField } from '../../components/form-field.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useDeleteFaq, useMoveFaq, useSaveFaqs } from './admin-api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { OrderButtons } from './OrderButtons.tsx';

type FormEntry = { id?: string | undefined; question: string; answer: string; isActive: boolean };
const toForm = (faqs: readonly AdminFaq[]): { items: FormEntry[] } => ({
  items: faqs.map(({ id, question, answer, isActive }) => ({ id, question, answer, isActive })),
});

export function FaqEditor({
  faqs,
  onDirtyChange,
}: {
  faqs: readonly AdminFaq[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useZodForm(saveFaqsSchema, { defaultValues: toForm(faqs) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const save = useSaveFaqs();
  const move = useMoveFaq();
  const del = useDeleteFaq();
  const [toDelete, setToDelete] = useState<{ id: string; question: string } | null>(null);
  const { isDirty, isSubmitting, errors } = form.formState;
  const busy = move.isPending || del.isPending || isSubmitting;

  const reportDirty = useEffectEvent((dirty: boolean) => onDirtyChange(dirty));
  useEffect(() => reportDirty(isDirty), [isDirty]);
  useEffect(() => () => reportDirty(false), []);

  // A move or delete elsewhere (or a refetch) brings a new list: show it unless there are edits.
  const sync = useEffectEvent((list: readonly AdminFaq[]) => {
    if (!form.formState.isDirty) form.reset(toForm(list));
  });
  useEffect(() => sync(faqs), [faqs]);

  const onSubmit = form.handleSubmit(async ({ items }) => {
    try {
      const result = await save.mutateAsync({ items });
      form.reset(toForm(result.items));
      toast.success(
        'FAQs saved',
        result.skipped > 0
          ? {
              description: `${result.skipped} incomplete ${result.skipped === 1 ? 'entry was' : 'entries were'} not saved (a question and an answer are needed).`,
            }
          : undefined,
      );
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save FAQs'));
    }
  });

  const runMove = async (id: string, direction: 'up' | 'down') => {
    try {
      await move.mutateAsync({ id, direction });
      toast.success('FAQ order saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder FAQs'));
    }
  };

  const runDelete = async (id: string) => {
    try {
      await del.mutateAsync(id);
      toast.success('FAQ deleted');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete FAQ'));
    }
  };

  const values = form.watch('items');
  const savedCount = fields.filter((f) => f.id).length;
  const itemErrors = errors.items as
    Record<number, { question?: { message?: string }; answer?: { message?: string } }> | undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {isDirty && savedCount > 0 && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground" role="status">
          Save or discard your changes to reorder or delete FAQs.
        </p>
      )}
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No FAQs yet. Add the first one.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="FAQs">
          {fields.map((field, index) => {
            const saved = Boolean(field.id);
            const position = fields.slice(0, index + 1).filter((f) => f.id).length - 1;
            const current = values[index];
            const incomplete = current ? !isCompleteFaq(current) : true;
            return (
              <li key={field.key} data-testid="faq-entry" className="space-y-4 rounded-lg border bg-card p-4">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-medium">FAQ {index + 1}</span>
                  {!saved ? (
                    <Badge variant="warning">Not saved</Badge>
                  ) : current?.isActive ? (
                    <Badge variant="success">Active</Badge>
                  ) : (
                    <Badge variant="muted">Inactive</Badge>
                  )}
                  <div className="ml-auto flex flex-wrap items-center gap-2">
                    <Controller
                      control={form.control}
                      name={`items.${index}.isActive`}
                      render={({ field: control }) => (
                        <label className="flex min-h-11 items-center gap-2 text-sm">
                          <Switch
                            checked={control.value}
                            onCheckedChange={control.onChange}
                            aria-label={`FAQ ${index + 1} active`}
                          />
                          Active
                        </label>
                      )}
                    />
                    {saved ? (
                      <>
                        <OrderButtons
                          name={`FAQ ${index + 1}`}
                          index={position}
                          count={savedCount}
                          disabled={busy || isDirty}
                          onMove={(direction) => void runMove(field.id!, direction)}
                        />
                        <Button
                          type="button"
                          variant="outline"
                          size="icon"
                          className="size-11 text-destructive sm:size-9"
                          aria-label={`Delete FAQ ${index + 1}`}
                          title="Delete"
                          disabled={busy || isDirty}
                          onClick={() => setToDelete({ id: field.id!, question: field.question })}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </>
                    ) : (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        className="min-h-11 sm:min-h-8"
                        onClick={() => remove(index)}
                      >
                        <X aria-hidden="true" />
                        Remove
                      </Button>
                    )}
                  </div>
                </div>
                <FormField
                  id={`faq-${field.key}-question`}
                  label="Question"
                  error={itemErrors?.[index]?.question?.message}
                >
                  <Input {...form.register(`items.${index}.question`)} />
                </FormField>
                <FormField
                  id={`faq-${field.key}-answer`}
                  label="Answer"
                  error={itemErrors?.[index]?.answer?.message}
                  hint={
                    incomplete && (current?.question.trim() || current?.answer.trim())
                      ? 'Entries without both a question and an answer are not saved.'
                      : undefined
                  }
                >
                  <Textarea rows={3} {...form.register(`items.${index}.answer`)} />
                </FormField>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => append({ question: '', answer: '', isActive: true }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          Add FAQ
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner label={null} />}
          Save FAQs
        </Button>
        {isDirty && (
          <Button type="button" variant="ghost" onClick={() => form.reset(toForm(faqs))}>
            Discard changes
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this FAQ?"
        description={toDelete ? `“${toDelete.question}” will be removed from the FAQ page.` : ''}
        onConfirm={() => {
          if (toDelete) void runDelete(toDelete.id);
          setToDelete(null);
        }}
      />
    </form>
  );
}
