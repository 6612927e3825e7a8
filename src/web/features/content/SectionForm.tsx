/**
 * One CMS text section (hero, about, contact, footer) as a form: the section's shared zod schema validates
 * it here and on the server; Save shows a toast naming the section, or the server's message (and its field
 * messages under the inputs) on failure. Reports whether it has unsaved changes.
 */
import { useEffect, useEffectEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import {
  CONTENT_MESSAGES,
  CONTENT_SECTION_SCHEMAS,
  SECTION_SAVED,
  type AdminContent,
  type ContentSection,
} from '@domain/content.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useSaveSection } from './admin-api.ts';

interface FieldSpec {
  name: string;
  label: string;
  multiline?: number;
  hint?: string;
  required?: boolean;
  type?: 'email' | 'tel';
}

interface SectionSpec {
  fields: FieldSpec[];
  /** Sub-groups shown under their own heading (contact: the Matric Guide bank details). */
  groups?: { title: string; hint: string; fields: FieldSpec[] }[];
  /** Fields laid out three across on wide screens. */
  compact?: string[];
}

export const SECTION_SPECS: Record<ContentSection, SectionSpec> = {
  hero: {
    fields: [
      { name: 'heading', label: 'Heading', required: true },
      { name: 'subheading', label: 'Subheading', multiline: 2 },
      { name: 'stat_providers', label: 'Providers stat', hint: 'Shown with a “+”, e.g. 500' },
      { name: 'stat_provinces', label: 'Provinces stat', hint: 'e.g. 9' },
      { name: 'stat_clients', label: 'Happy clients stat', hint: 'e.g. 10k' },
    ],
    compact: ['stat_providers', 'stat_provinces', 'stat_clients'],
  },
  about: {
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'content', label: 'Content', multiline: 8 },
      { name: 'mission', label: 'Mission', multiline: 3 },
      { name: 'vision', label: 'Vision', multiline: 3 },
    ],
  },
  contact: {
    fields: [
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      { name: 'address', label: 'Address', multiline: 2 },
      { name: 'support_hours', label: 'Support hours' },
    ],
    groups: [
      {
        title: 'Matric Guide bank details',
        hint: 'Shown on the Matric Login page for the R50.00 EFT payment.',
        fields: [
          { name: 'bank_name', label: 'Bank' },
          { name: 'account_name', label: 'Account name' },
          { name: 'account_number', label: 'Account number' },
          { name: 'branch_code', label: 'Branch code' },
        ],
      },
    ],
  },
  footer: {
    fields: [
      {
        name: 'brand_name',
        label: 'Brand name',
        hint: 'Shown in the header and footer when there is no logo.',
      },
      { name: 'description', label: 'Description', multiline: 3 },
      { name: 'copyright', label: 'Copyright line' },
    ],
  },
};

export function SectionForm({
  section,
  values,
  onDirtyChange,
}: {
  section: ContentSection;
  values: AdminContent[ContentSection];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const schema = CONTENT_SECTION_SCHEMAS[section];
  const form = useZodForm(schema, { defaultValues: values as never });
  const save = useSaveSection(section);
  const spec = SECTION_SPECS[section];
  const { errors, isDirty } = form.formState;

  const reportDirty = useEffectEvent((dirty: boolean) => onDirtyChange(dirty));
  useEffect(() => reportDirty(isDirty), [isDirty]);
  useEffect(() => () => reportDirty(false), []);

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const saved = await save.mutateAsync(data as Record<string, string>);
      form.reset(saved[section] as never);
      toast.success(SECTION_SAVED[section]);
    } catch (error) {
      applyServerErrors(error, form.setError);
      toast.error(errorMessage(error, CONTENT_MESSAGES.saveFailed));
    }
  });

  const field = (f: FieldSpec) => {
    const id = `${section}-${f.name}`;
    const message = (errors as Record<string, { message?: string } | undefined>)[f.name]?.message;
    const register = form.register(f.name as never);
    return (
      <FormField key={f.name} id={id} label={f.label} hint={f.hint} error={message} required={f.required}>
        {f.multiline ? (
          <Textarea rows={f.multiline} {...register} />
        ) : (
          <Input type={f.type ?? 'text'} {...register} />
        )}
      </FormField>
    );
  };
  const compact = spec.compact ?? [];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {spec.fields.filter((f) => !compact.includes(f.name)).map(field)}
      {compact.length > 0 && (
        <div className="grid gap-5 sm:grid-cols-3">
          {spec.fields.filter((f) => compact.includes(f.name)).map(field)}
        </div>
      )}
      {spec.groups?.map((group) => (
        <fieldset key={group.title} className="space-y-4 rounded-lg border p-4">
          <legend className="px-1 text-sm font-semibold">{group.title}</legend>
          <p className="text-xs text-muted-foreground">{group.hint}</p>
          <div className="grid gap-4 sm:grid-cols-2">{group.fields.map(field)}</div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Spinner label={null} />}
          Save {SECTION_TITLES[section]}
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

const SECTION_TITLES: Record<ContentSection, string> = {
  hero: 'Hero',
  about: 'About',
  contact: 'Contact',
  footer: 'Footer',
};
