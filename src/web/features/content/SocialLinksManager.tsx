/**
 * /admin/social-links: the social links in display order with platform, URL, icon, Active/Inactive, move
 * up/down, edit (dialog) and delete (after confirmation). A table on wider screens, cards on phones.
 */
import { createElement, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import type { AdminSocialLink } from '@domain/content.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useAdminSocialLinks, useDeleteSocialLink, useMoveSocialLink } from './admin-api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { OrderButtons } from './OrderButtons.tsx';
import { platformIcon, platformName } from './social-platforms.ts';
import { SocialLinkDialog } from './SocialLinkDialog.tsx';
import { QueryError } from '../../components/query-state.tsx';

function Platform({ platform }: { platform: string }) {
  return (
    <span className="flex items-center gap-2 font-medium">
      <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-primary">
        {createElement(platformIcon(platform), { 'aria-hidden': true, className: 'size-4' })}
      </span>
      {platformName(platform)}
    </span>
  );
}

function Status({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

export function SocialLinksManager() {
  const { data: links, isPending, isError, refetch } = useAdminSocialLinks();
  const move = useMoveSocialLink();
  const del = useDeleteSocialLink();
  const [editing, setEditing] = useState<AdminSocialLink | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AdminSocialLink | null>(null);
  const busy = move.isPending || del.isPending;

  const openDialog = (link: AdminSocialLink | null) => {
    setEditing(link);
    setDialogOpen(true);
  };
  const runMove = async (id: string, direction: 'up' | 'down') => {
    try {
      await move.mutateAsync({ id, direction });
      toast.success('Social link order saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder social links'));
    }
  };
  const runDelete = async (id: string) => {
    try {
      await del.mutateAsync(id);
      toast.success('Social link deleted');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete social link'));
    }
  };

  const actions = (link: AdminSocialLink, index: number, count: number) => {
    const name = platformName(link.platform);
    return (
      <div className="flex flex-wrap items-center gap-1">
        <OrderButtons
          name={`${name} link`}
          index={index}
          count={count}
          disabled={busy}
          onMove={(d) => void runMove(link.id, d)}
        />
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-9"
          aria-label={`Edit ${name} link`}
          title="Edit"
          onClick={() => openDialog(link)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11 text-destructive sm:size-9"
          aria-label={`Delete ${name} link`}
          title="Delete"
          disabled={busy}
          onClick={() => setToDelete(link)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => openDialog(null)}>
          <Plus aria-hidden="true" />
          Add social link
        </Button>
      </div>
      {isPending ? (
        <div aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading social links</span>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : isError ? (
        <QueryError layout="card" message="Failed to load social links" onRetry={() => void refetch()} />
      ) : links.length === 0 ? (
        <Card className="text-center">
          <CardContent className="flex flex-col items-center gap-3 py-10">
            <Share2 aria-hidden="true" className="size-8 text-primary" />
            <p className="text-muted-foreground">No social links yet.</p>
          </CardContent>
        </Card>
      ) : (
        <>
          <div className="hidden rounded-xl border bg-card md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Platform</TableHead>
                  <TableHead>URL</TableHead>
                  <TableHead>Icon</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {links.map((link, index) => (
                  <TableRow key={link.id} data-testid="social-row">
                    <TableCell>
                      <Platform platform={link.platform} />
                    </TableCell>
                    <TableCell className="max-w-64 truncate">
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary hover:underline"
                      >
                        {link.url}
                      </a>
                    </TableCell>
                    <TableCell className="text-muted-foreground">{link.icon ?? '—'}</TableCell>
                    <TableCell>
                      <Status active={link.isActive} />
                    </TableCell>
                    <TableCell>{actions(link, index, links.length)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Social links">
            {links.map((link, index) => (
              <li key={link.id} className="space-y-3 rounded-xl border bg-card p-4">
                <div className="flex items-center justify-between gap-3">
                  <Platform platform={link.platform} />
                  <Status active={link.isActive} />
                </div>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-sm text-primary hover:underline"
                >
                  {link.url}
                </a>
                <p className="text-sm text-muted-foreground">Icon: {link.icon ?? '—'}</p>
                {actions(link, index, links.length)}
              </li>
            ))}
          </ul>
        </>
      )}
      <SocialLinkDialog open={dialogOpen} onOpenChange={setDialogOpen} link={editing} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this social link?"
        description={
          toDelete ? `The ${platformName(toDelete.platform)} link will be removed from the footer.` : ''
        }
        onConfirm={() => {
          if (toDelete) void runDelete(toDelete.id);
          setToDelete(null);
        }}
      />
    </div>
  );
}
