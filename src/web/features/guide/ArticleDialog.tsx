/**
 * Create or edit an article: title, slug (follows the title until edited; unique), category, excerpt,
 * featured image (the shared uploader), HTML content with a live preview of what the server's sanitiser
 * keeps, display order and the published switch.
 */
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { slugify } from '@domain/format.ts';
import {
  articleFormSchema,
  GUIDE_LIMITS,
  GUIDE_MESSAGES,
  type AdminArticle,
  type AdminCategory,
} from '@domain/guide.ts';
import { FormField } from '../../components/form-field.tsx';
import { SingleImageUploader } from '../../components/image-uploader/SingleImageUploader.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/api.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useArticlePreview, useSaveArticle } from './api.ts';
import { ArticleBody } from './ArticleBody.tsx';

const PREVIEW_DELAY_MS = 400;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function LivePreview({ content }: { content: string }) {
  const debounced = useDebounced(content, PREVIEW_DELAY_MS);
  const preview = useArticlePreview(debounced);
  return (
    <section aria-labelledby="article-preview-heading" className="grid content-start gap-2">
      <h3 id="article-preview-heading" className="text-sm font-medium">
        Preview (as readers will see it)
      </h3>
      <div
        aria-live="polite"
        aria-busy={preview.isFetching}
        className="max-h-96 min-h-40 overflow-y-auto rounded-lg border bg-background p-4"
      >
        {preview.data?.html ? (
          <ArticleBody html={preview.data.html} />
        ) : (
          <p className="text-sm text-muted-foreground">The preview appears as you write.</p>
        )}
      </div>
    </section>
  );
}

export interface ArticleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The article being edited, or null for a new one. */
  article: AdminArticle | null;
  categories: AdminCategory[];
}

function defaults(article: AdminArticle | null, categories: AdminCategory[]) {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    categoryId: article?.categoryId ?? categories[0]?.id ?? '',
    excerpt: article?.excerpt ?? '',
    content: article?.content ?? '',
    featuredImageUrl: article?.featuredImageUrl ?? null,
    displayOrder: article?.displayOrder ?? 0,
    isPublished: article?.isPublished ?? false,
  };
}

export function ArticleDialog({ open, onOpenChange, article, categories }: ArticleDialogProps) {
  const save = useSaveArticle();
  const [uploading, setUploading] = useState(false);
  // A new article's slug follows its title until the admin edits the slug.
  const [slugTouched, setSlugTouched] = useState(article !== null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useZodForm(articleFormSchema, { defaultValues: defaults(article, categories) });

  const title = useWatch({ control, name: 'title' });
  const content = useWatch({ control, name: 'content' }) ?? '';
  useEffect(() => {
    if (!slugTouched) setValue('slug', slugify(title ?? '').slice(0, GUIDE_LIMITS.slugMax));
  }, [title, slugTouched, setValue]);

  const busy = isSubmitting || save.isPending;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: article?.id ?? null, body: values });
      toast.success(article ? GUIDE_MESSAGES.articleUpdated : GUIDE_MESSAGES.articleCreated);
      onOpenChange(false);
    } catch (error) {
      const onField = applyServerErrors(error, setError, undefined, { shouldFocus: true });
      toast.error(GUIDE_MESSAGES.articleSaveFailed, {
        description: onField ? undefined : errorMessage(error, ''),
      });
    }
  });
  const slugRegister = register('slug');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{article ? 'Edit Article' : 'New Article'}</DialogTitle>
          <DialogDescription>
            HTML is cleaned on the server: scripts, event handlers, styles, iframes and forms are removed.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Article">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="article-title" label="Title" required error={errors.title?.message}>
              <Input {...register('title')} />
            </FormField>
            <FormField
              id="article-slug"
              label="Slug"
              error={errors.slug?.message}
              hint={errors.slug ? undefined : 'Made from the title; lower-case letters, numbers and hyphens.'}
            >
              <Input
                {...slugRegister}
                onChange={(event) => {
                  setSlugTouched(true);
                  void slugRegister.onChange(event);
                }}
              />
            </FormField>
            <Controller
              control={control}
              name="categoryId"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <FormField
                    id="article-category"
                    label="Category"
                    required
                    error={errors.categoryId?.message}
                  >
                    <SelectTrigger className="w-full" onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a category" />
                    </SelectTrigger>
                  </FormField>
                  <SelectContent>
                    {categories.map((c) => (
                      <SelectItem key={c.id} value={c.id}>
                        {c.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <FormField id="article-order" label="Display Order" error={errors.displayOrder?.message}>
              <Input type="number" inputMode="numeric" min={0} step={1} {...register('displayOrder')} />
            </FormField>
          </div>
          <FormField id="article-excerpt" label="Excerpt" error={errors.excerpt?.message}>
            <Textarea rows={2} {...register('excerpt')} />
          </FormField>
          <Controller
            control={control}
            name="featuredImageUrl"
            render={({ field }) => (
              <SingleImageUploader
                bucket="site-assets"
                label="Featured Image"
                shape="wide"
                alt="Featured image preview"
                value={field.value ?? null}
                onChange={field.onChange}
                onBusyChange={setUploading}
                onUploadError={() => toast.error(GUIDE_MESSAGES.imageUploadFailed)}
              />
            )}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <FormField id="article-content" label="Content (HTML)" required error={errors.content?.message}>
              <Textarea
                rows={16}
                spellCheck={false}
                className="min-h-72 font-mono text-sm"
                {...register('content')}
              />
            </FormField>
            <LivePreview content={content} />
          </div>
          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch
                  id="article-published"
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                />
                <Label htmlFor="article-published">Published</Label>
              </div>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || uploading} aria-busy={busy}>
              {busy && <Spinner label={null} />}
              {article ? 'Update Article' : 'Create Article'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
