/**
 * `useForm` with a zod schema as its resolver, typed from the schema: field values are the schema's input,
 * `handleSubmit` receives its output (after transforms such as trimming).
 *
 *   const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '' } });
 *   const onSubmit = form.handleSubmit(async (values) => { … });
 */
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;

export function useZodForm<S extends ZodFormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // zodResolver's overloads cannot be picked for a generic schema; for a concrete one it returns this type.
  const resolver = zodResolver(schema as ZodFormSchema) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}
