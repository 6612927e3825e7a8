/** /admin/premium-content: the Matric Guide's articles (create, edit, delete) and its categories. */
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { GUIDE_MESSAGES, type AdminArticle } from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
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
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useAdminArticles, useAdminCategories, useDeleteArticle } from '../../features/guide/api.ts';
import { ArticleDialog } from '../../features/guide/ArticleDialog.tsx';
import { CategoryManager } from '../../features/guide/CategoryManager.tsx';

export default function PremiumContent() {
  const articles = useAdminArticles();
  const categories = useAdminCategories();
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<AdminArticle | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // A fresh form each time the dialog opens.
  const [dialogKey, setDialogKey] = useState(0);
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);

  useEffect(() => {
    if (articles.isError || categories.isError) toast.error(GUIDE_MESSAGES.loadFailed, { id: 'guide-load' });
  }, [articles.isError, categories.isError]);

  const openEditor = (article: AdminArticle | null) => {
    setEditing(article);
    setDialogKey((k) => k + 1);
    setDialogOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(GUIDE_MESSAGES.articleDeleted);
    } catch {
      toast.error(GUIDE_MESSAGES.articleDeleteFailed);
    } finally {
      setDeleting(null);
    }
  };

  const columns: DataTableColumn<AdminArticle>[] = [
    {
      id: 'title',
      header: 'Title',
      cell: (a) => <span className="font-medium">{a.title}</span>,
      rowHeader: true,
    },
    { id: 'category', header: 'Category', cell: (a) => a.categoryName ?? '—' },
    {
      id: 'status',
      header: 'Status',
      cell: (a) =>
        a.isPublished ? <Badge variant="success">Published</Badge> : <Badge variant="muted">Draft</Badge>,
    },
    { id: 'order', header: 'Order', cell: (a) => a.displayOrder, align: 'end' },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (a) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="outline" onClick={() => openEditor(a)} aria-label={`Edit ${a.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeleting(a)} aria-label={`Delete ${a.title}`}>
            <Trash2 aria-hidden="true" className="text-destructive" />
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
            <BookOpen aria-hidden="true" className="size-6 text-primary" />
            Content Editor
          </h1>
          <p className="mt-1 text-muted-foreground">Write and publish the Matric Guide&apos;s articles.</p>
        </div>
        <Button onClick={() => openEditor(null)} disabled={!categories.data}>
          <Plus aria-hidden="true" />
          New Article
        </Button>
      </div>

      <div className="grid gap-6">
        <DataTable
          caption="Articles"
          columns={columns}
          rows={articles.data?.items}
          getRowId={(a) => a.id}
          isLoading={articles.isPending}
          error={articles.error}
          errorText={GUIDE_MESSAGES.loadFailed}
          onRetry={() => void articles.refetch()}
          emptyText={GUIDE_MESSAGES.noArticles}
        />
        {categories.data && <CategoryManager categories={categories.data.items} />}
      </div>

      {categories.data && (
        <ArticleDialog
          key={dialogKey}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          article={editing}
          categories={categories.data.items}
        />
      )}

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete article?</AlertDialogTitle>
            <AlertDialogDescription>
              &ldquo;{deleting?.title}&rdquo; will be deleted for good, with its featured image.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmDelete()}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
