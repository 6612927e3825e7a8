/**
 * Mail over HTTP: a user's notification settings, the outbox for admins, and the one-click unsubscribe
 * link every non-essential email carries (plain server-rendered pages: they must work from any mail client,
 * signed in or not, before and without the web app). In development, /dev/mail (dev-routes.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_CATEGORY_INFO,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  outboxPageSchema,
  outboxQuerySchema,
  OUTBOX_STATUSES,
} from '../../domain/notifications.ts';
import type { Db } from '../db/client.ts';
import type { AppConfig } from '../env.ts';
import { errorResponses } from '../errors.ts';
import { outboxPage, retryOutboxMessage } from './outbox.ts';
import {
  getNotificationSettings,
  unsubscribe,
  updateNotificationSettings,
  verifyUnsubscribeToken,
  type UnsubscribeClaim,
} from './preferences.ts';
import { loadMailSite } from './render.tsx';

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

const unsubscribeQuery = z.object({ token: z.string().max(1000).optional() });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small page of its own: the site's name, a heading, a few paragraphs, maybe a form. */
function page(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>
body{margin:0;background:#f6f5fa;color:#1d1a2e;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{box-sizing:border-box;max-width:560px;margin:32px auto;padding:24px;background:#fff;border:1px solid #e6e3ef;border-radius:8px}
@media (max-width:600px){main{margin:0;border:0;border-radius:0;min-height:100vh}}
.brand{color:#5a3ec8;font-weight:700;font-size:20px;text-decoration:none}
h1{font-size:22px;line-height:1.35;margin:24px 0 12px}
button{min-height:44px;padding:10px 20px;border:0;border-radius:6px;background:#5a3ec8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d1a2e;outline-offset:2px}
a{color:#5a3ec8}
</style>
</head>
<body>
<main>
<a class="brand" href="/">${escapeHtml(siteName)}</a>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export async function mailRoutes(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  const { db, config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- a user's notification settings
  r.get(
    '/api/me/notification-settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary:
          'The email categories the user receives, each on or off (essential mail has none). Signed in.',
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (req) => getNotificationSettings(db, await req.requireActor()),
  );

  r.put(
    '/api/me/notification-settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Switch email categories on or off; only the categories of the user’s role. Signed in.',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (req) => updateNotificationSettings(db, await req.requireActor(), req.body),
  );

  // ---- the outbox, for admins
  r.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Outgoing email by status (${OUTBOX_STATUSES.join(', ')}) and kind, newest first, paged. Admins.`,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses },
      },
    },
    async (req) => outboxPage(db, req.query),
  );

  r.post(
    '/api/admin/outbox/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Send a failed email again, with a fresh set of attempts (409 unless it failed). Admins.',
        params: z.object({ id: z.uuid({ error: 'Message not found' }) }),
        response: {
          200: z.object({ id: z.string(), status: z.enum(OUTBOX_STATUSES) }),
          ...errorResponses,
        },
      },
    },
    async (req) => retryOutboxMessage(db, await req.requireActor(), req.params.id),
  );

  // ---- one-click unsubscribe (RFC 8058): GET asks, POST turns the category off. No sign-in.
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(body);

  const claimOf = (token: string | undefined): UnsubscribeClaim | null =>
    token ? verifyUnsubscribeToken(config.authSecret, token) : null;

  const invalid = async (reply: FastifyReply) => {
    const { siteName } = await loadMailSite(db, config.publicUrl);
    return html(
      reply,
      400,
      page(
        siteName,
        'Link not valid',
        `<p>${escapeHtml(INVALID_UNSUBSCRIBE_LINK)}</p>
<p>You can choose which emails you receive under <a href="/dashboard/settings">Notification settings</a> after signing in.</p>`,
      ),
    );
  };

  r.get(
    '/mail/unsubscribe',
    {
      config: { access: 'public' },
      schema: { hide: true, querystring: unsubscribeQuery },
    },
    async (req, reply) => {
      const claim = claimOf(req.query.token);
      if (!claim) return invalid(reply);
      const { siteName } = await loadMailSite(db, config.publicUrl);
      const label = NOTIFICATION_CATEGORY_INFO[claim.category].label;
      const action = `/mail/unsubscribe?token=${encodeURIComponent(req.query.token!)}`;
      return html(
        reply,
        200,
        page(
          siteName,
          'Unsubscribe',
          `<p>Stop receiving “${escapeHtml(label)}” emails from ${escapeHtml(siteName)}?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>
<p>Account emails such as password resets are always sent.</p>`,
        ),
      );
    },
  );

  r.post(
    '/mail/unsubscribe',
    {
      config: { access: 'public', allowCrossSite: true },
      schema: { hide: true, querystring: unsubscribeQuery },
    },
    async (req, reply) => {
      const claim = claimOf(req.query.token);
      if (!claim) return invalid(reply);
      await unsubscribe(db, claim);
      const { siteName } = await loadMailSite(db, config.publicUrl);
      const label = NOTIFICATION_CATEGORY_INFO[claim.category].label;
      const settings =
        'userId' in claim.subject
          ? `<p>You can switch them back on under <a href="/dashboard/settings">Notification settings</a>.</p>`
          : '';
      return html(
        reply,
        200,
        page(
          siteName,
          'You are unsubscribed',
          `<p>You will no longer receive “${escapeHtml(label)}” emails from ${escapeHtml(siteName)}.</p>${settings}`,
        ),
      );
    },
  );

  // The one-click POST's body is `List-Unsubscribe=One-Click` as a form; its content says nothing the
  // token does not, so it is accepted and not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, _body, done) => done(null, {}),
  );

  if (config.nodeEnv === 'development') {
    const { devMailRoutes } = await import('./dev-routes.ts');
    await app.register(devMailRoutes, { config });
  }
}
