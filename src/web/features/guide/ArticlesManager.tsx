/** The Matric Guide's articles (table, create, edit, delete) and its categories, for /admin/premium-content. */
import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { GUIDE_MESSAGES, type AdminArticle } from '@domain/guide.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import type { DataTableColumn } from '../../components/data-table/column.ts';
import { useErrorToast } from '../../components/query-state.tsx';
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
import { toast } from '../../lib/toast.ts';
import { useAdminArticles, useAdminCategories, useDeleteArticle } from './api.ts';
import { ArticleDialog } from './ArticleDialog.tsx';
import { CategoryManager } from './CategoryManager.tsx';

/** `heading`: the page's title block, shown beside New Article. */
export function ArticlesManager({ heading }: { heading: ReactNode }) {
  const articles = useAdminArticles();
  const categories = useAdminCategories();
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<AdminArticle | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // A fresh form each time the dialog opens.
  const [dialogKey, setDialogKey] = useState(0);
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);

  useErrorToast(articles.isError || categories.isError, GUIDE_MESSAGES.loadFailed, { id: 'guide-load' });

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
        {heading}
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
