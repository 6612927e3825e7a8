/** Premium categories: add, rename, move up or down, delete (refused by the server while articles use one). */
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { ArrowDown, ArrowUp, Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { categoryFormSchema, GUIDE_MESSAGES, type AdminCategory } from '@domain/guide.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useCategoryActions } from './api.ts';

function CategoryRow({
  category,
  index,
  count,
  onMove,
  onDelete,
}: {
  category: AdminCategory;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onDelete: (category: AdminCategory) => void;
}) {
  const { rename } = useCategoryActions();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = categoryFormSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? GUIDE_MESSAGES.categoryNameRequired);
      return;
    }
    try {
      await rename.mutateAsync({ id: category.id, name: parsed.data.name });
      toast.success('Category renamed');
      setEditing(false);
      setError(null);
    } catch (e) {
      setError(errorMessage(e, 'Failed to rename category'));
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border bg-card px-3 py-2">
      {editing ? (
        <form
          className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Label htmlFor={`category-${category.id}`} className="sr-only">
            Category name
          </Label>
          <Input
            id={`category-${category.id}`}
            value={name}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `category-${category.id}-error` : undefined}
            className="h-8 min-w-0 flex-1"
          />
          <Button
            type="submit"
            size="icon"
            variant="ghost"
            aria-label="Save name"
            disabled={rename.isPending}
          >
            <Check aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label="Cancel renaming"
            onClick={() => {
              setEditing(false);
              setName(category.name);
              setError(null);
            }}
          >
            <X aria-hidden="true" />
          </Button>
          {error && (
            <p id={`category-${category.id}-error`} className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      ) : (
        <>
          <span className="grid min-w-0 flex-1">
            <span className="font-medium break-words">{category.name}</span>
            <span className="text-xs text-muted-foreground">
              {category.articleCount} {category.articleCount === 1 ? 'article' : 'articles'}
            </span>
          </span>
          <div className="flex items-center">
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Move ${category.name} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Move ${category.name} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Rename ${category.name}`}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Delete ${category.name}`}
              onClick={() => onDelete(category)}
            >
              <Trash2 aria-hidden="true" className="text-destructive" />
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

export function CategoryManager({ categories }: { categories: AdminCategory[] }) {
  const { create, reorder, remove } = useCategoryActions();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const add = async () => {
    const parsed = categoryFormSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? GUIDE_MESSAGES.categoryNameRequired);
      return;
    }
    try {
      await create.mutateAsync(parsed.data.name);
      toast.success('Category added');
      setName('');
      setError(null);
    } catch (e) {
      setError(errorMessage(e, 'Failed to add category'));
    }
  };

  const move = async (from: number, to: number) => {
    const ids = categories.map((c) => c.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    try {
      await reorder.mutateAsync(ids);
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to reorder categories'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Category deleted');
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to delete category'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Categories</CardTitle>
        <CardDescription>The guide shows its articles grouped by these, in this order.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ol className="grid gap-2" aria-label="Premium categories">
          {categories.map((category, index) => (
            <CategoryRow
              key={`${category.id}:${category.name}`}
              category={category}
              index={index}
              count={categories.length}
              onMove={(a, b) => void move(a, b)}
              onDelete={setDeleting}
            />
          ))}
        </ol>
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <Label htmlFor="new-category">New category</Label>
          <div className="flex gap-2">
            <Input
              id="new-category"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Transport"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'new-category-error' : undefined}
            />
            <Button type="submit" disabled={create.isPending}>
              <Plus aria-hidden="true" />
              Add
            </Button>
          </div>
          {error && (
            <p id="new-category-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      </CardContent>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete category?</AlertDialogTitle>
            <AlertDialogDescription>
              {deleting?.articleCount
                ? GUIDE_MESSAGES.categoryInUse
                : `The category "${deleting?.name ?? ''}" will be removed.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmDelete()}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
