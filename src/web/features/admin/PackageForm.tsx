/**
 * Create or edit a package (spec sections 3 and 5): package type required, lower-cased with whitespace
 * turned to underscores and fixed after creation; name required; price a decimal and limits whole numbers
 * (fallback 0); features one per line, blank lines dropped; defaults /month, 📦, 1 listing, 1 image, active.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.ts';
import {
  ADMIN_MESSAGES,
  parseDecimal,
  parseFeatureLines,
  parseWhole,
  type AdminPackage,
  type PackageInput,
} from '@domain/admin.ts';
import { normalisePackageType } from '@domain/packages.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { isApiError } from '../../lib/api.ts';
import { useSavePackage } from './api.ts';

const FLAGS = [
  ['active', 'Active'],
  ['popular', 'Popular'],
  ['canFeature', 'Can feature listings'],
  ['hasPriorityPlacement', 'Priority placement'],
  ['hasAnalytics', 'Analytics'],
  ['hasVerificationBadge', 'Verification badge'],
  ['canReceiveReviews', 'Can receive reviews'],
] as const;
type Flag = (typeof FLAGS)[number][0];

interface FormState {
  packageType: string;
  name: string;
  emoji: string;
  price: string;
  period: string;
  maxListings: string;
  maxImages: string;
  color: string;
  features: string;
  displayOrder: string;
  flags: Record<Flag, boolean>;
}

function initialState(pkg: AdminPackage | null, nextOrder: number): FormState {
  return {
    packageType: pkg?.packageType ?? '',
    name: pkg?.name ?? '',
    emoji: pkg?.emoji ?? '📦',
    price: String(pkg?.price ?? 0),
    period: pkg?.period ?? '/month',
    maxListings: String(pkg?.maxListings ?? 1),
    maxImages: String(pkg?.maxImages ?? 1),
    color: pkg?.color ?? '',
    features: (pkg?.features ?? []).join('\n'),
    displayOrder: String(pkg?.displayOrder ?? nextOrder),
    flags: {
      active: pkg?.active ?? true,
      popular: pkg?.popular ?? false,
      canFeature: pkg?.canFeature ?? false,
      hasPriorityPlacement: pkg?.hasPriorityPlacement ?? false,
      hasAnalytics: pkg?.hasAnalytics ?? false,
      hasVerificationBadge: pkg?.hasVerificationBadge ?? false,
      canReceiveReviews: pkg?.canReceiveReviews ?? false,
    },
  };
}

export function PackageForm({
  pkg,
  nextOrder,
  onDone,
}: {
  /** The package to edit; null creates one. */
  pkg: AdminPackage | null;
  nextOrder: number;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(() => initialState(pkg, nextOrder));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePackage();
  const set = (key: keyof Omit<FormState, 'flags'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!form.packageType.trim()) found.packageType = ADMIN_MESSAGES.packageTypeRequired;
    if (!form.name.trim()) found.name = ADMIN_MESSAGES.packageNameRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: PackageInput = {
      packageType: normalisePackageType(form.packageType),
      name: form.name.trim(),
      emoji: form.emoji.trim() || '📦',
      price: parseDecimal(form.price),
      period: form.period.trim() || '/month',
      maxListings: parseWhole(form.maxListings),
      maxImages: parseWhole(form.maxImages),
      color: form.color.trim() || null,
      features: parseFeatureLines(form.features),
      displayOrder: parseWhole(form.displayOrder),
      ...form.flags,
    };
    save.mutate(
      { id: pkg?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(pkg ? ADMIN_MESSAGES.packageUpdated : ADMIN_MESSAGES.packageCreated);
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setErrors(error.fields);
          toast.error(
            isApiError(error) && error.status === 409 ? error.message : ADMIN_MESSAGES.packageSaveFailed,
          );
        },
      },
    );
  };

  const field = (key: keyof Omit<FormState, 'flags'>, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`${id}-${key}`} label={label} error={errors[key]}>
      <Input value={form[key]} onChange={(e) => set(key)(e.target.value)} {...props} />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-packageType`}
          label="Package type"
          required
          error={errors.packageType}
          hint={pkg ? 'The type cannot change after creation.' : 'Lower case; spaces become underscores.'}
        >
          <Input
            value={form.packageType}
            onChange={(e) => set('packageType')(e.target.value)}
            disabled={pkg !== null}
            placeholder="e.g. gold"
          />
        </FormField>
        <FormField id={`${id}-name`} label="Name" required error={errors.name}>
          <Input value={form.name} onChange={(e) => set('name')(e.target.value)} placeholder="e.g. Gold" />
        </FormField>
        {field('emoji', 'Emoji')}
        {field('price', 'Price (R)', { inputMode: 'decimal' })}
        {field('period', 'Period')}
        {field('displayOrder', 'Display order', { inputMode: 'numeric' })}
        {field('maxListings', 'Max listings (-1 = unlimited)', { inputMode: 'numeric' })}
        {field('maxImages', 'Max images per listing', { inputMode: 'numeric' })}
        {field('color', 'Colour (gradient classes)', { placeholder: 'from-amber-400 to-amber-600' })}
      </div>
      <FormField id={`${id}-features`} label="Features (one per line)" error={errors.features}>
        <Textarea rows={10} value={form.features} onChange={(e) => set('features')(e.target.value)} />
      </FormField>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Options</legend>
        {FLAGS.map(([key, label]) => (
          <div key={key} className="flex items-center gap-3">
            <Switch
              id={`${id}-${key}`}
              checked={form.flags[key]}
              onCheckedChange={(checked) => setForm((f) => ({ ...f, flags: { ...f.flags, [key]: checked } }))}
            />
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label={null} />}
          {pkg ? 'Save Package' : 'Create Package'}
        </Button>
      </div>
    </form>
  );
}
