/**
 * Development only (registered when NODE_ENV is development, never in production): /dev/mail lists the
 * messages written to DATA_DIR/mail without SMTP, newest first; /dev/mail/:name shows one (headers, the
 * plain-text part and the HTML part in a sandboxed frame); /dev/mail/templates/:kind renders a template
 * with its sample data. Plain server-rendered HTML, no web app involved.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { simpleParser } from 'mailparser';
import { z } from 'zod';
import type { AppConfig } from '../env.ts';
import { MAIL_KINDS, renderMail, templateOf } from './render.tsx';
import { mailDir } from './transport.ts';

const NAME = /^[A-Za-z0-9_.@-]{1,200}\.eml$/;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:16px;color:#1d1a2e}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e6e3ef;padding:6px 8px;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f5fa;padding:12px}
iframe{width:100%;height:70vh;border:1px solid #e6e3ef}a{color:#5a3ec8}`;

function devPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The HTML part alone, for the sandboxed frame: no scripts, nothing loaded but images, framed only here. */
function sendMailHtml(reply: FastifyReply, htmlPart: string) {
  return reply
    .header(
      'content-security-policy',
      "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    )
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(htmlPart);
}

export async function devMailRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const dir = mailDir(opts.config.dataDir);
  const sampleCtx = {
    publicUrl: opts.config.publicUrl,
    siteName: 'Matric Moments',
    logoUrl: null,
    unsubscribeUrl: `${opts.config.publicUrl}/mail/unsubscribe?token=sample`,
    categoryLabel: 'Sample category',
    recipientHasAccount: true,
  };
  const load = async (name: string) => {
    if (!NAME.test(name)) return null;
    try {
      return await simpleParser(readFileSync(path.join(dir, name)));
    } catch {
      return null;
    }
  };
  const notFoundPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(devPage('Not found', '<p><a href="/dev/mail">Back</a></p>'));

  app.get('/dev/mail', async (_req, reply) => {
    let files: { name: string; time: number }[] = [];
    try {
      files = readdirSync(dir)
        .filter((name) => NAME.test(name))
        .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
        .sort((a, b) => b.time - a.time || b.name.localeCompare(a.name))
        .slice(0, 200);
    } catch {
      files = [];
    }
    const rows = await Promise.all(
      files.map(async ({ name, time }) => {
        const mail = await load(name);
        return `<tr><td>${escapeHtml(new Date(time).toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(
          mail?.to
            ? [mail.to]
                .flat()
                .map((a) => a.text)
                .join(', ')
            : '',
        )}</td><td><a href="/dev/mail/${encodeURIComponent(name)}">${escapeHtml(mail?.subject ?? name)}</a></td></tr>`;
      }),
    );
    const templates = MAIL_KINDS.map(
      (kind) => `<li><a href="/dev/mail/templates/${kind}">${escapeHtml(kind)}</a></li>`,
    ).join('');
    return reply.type('text/html; charset=utf-8').send(
      devPage(
        'Mail written without SMTP',
        `<p>Messages the outbox wrote to ${escapeHtml(dir)}, newest first (set SMTP_URL to send them instead).</p>
${rows.length ? `<table><thead><tr><th>Written</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p>No messages yet.</p>'}
<h2>Templates with sample data</h2><ul>${templates}</ul>`,
      ),
    );
  });

  app.get('/dev/mail/:name', async (req, reply) => {
    const { name } = z.object({ name: z.string() }).parse(req.params);
    const mail = await load(name);
    if (!mail) return notFoundPage(reply);
    const headers = [...mail.headerLines].map(
      (h) =>
        `<tr><th>${escapeHtml(h.key)}</th><td>${escapeHtml(h.line.slice(h.key.length + 1).trim())}</td></tr>`,
    );
    return reply.type('text/html; charset=utf-8').send(
      devPage(
        mail.subject ?? name,
        `<p><a href="/dev/mail">All messages</a></p>
<h2>HTML part</h2>${mail.html ? `<iframe sandbox title="HTML part" src="/dev/mail/${encodeURIComponent(name)}/html"></iframe>` : '<p>None.</p>'}
<h2>Text part</h2><pre>${escapeHtml(mail.text ?? '')}</pre>
<h2>Headers</h2><table><tbody>${headers.join('')}</tbody></table>`,
      ),
    );
  });

  app.get('/dev/mail/:name/html', async (req, reply) => {
    const { name } = z.object({ name: z.string() }).parse(req.params);
    const mail = await load(name);
    if (!mail?.html) return notFoundPage(reply);
    return sendMailHtml(reply, mail.html);
  });

  app.get('/dev/mail/templates/:kind', async (req, reply) => {
    const { kind } = z.object({ kind: z.string() }).parse(req.params);
    const template = templateOf(kind);
    if (!template) return notFoundPage(reply);
    const essential = template.category === 'account';
    const rendered = await renderMail(kind, template.sample, {
      ...sampleCtx,
      ...(essential ? { unsubscribeUrl: null, categoryLabel: null } : {}),
    });
    return sendMailHtml(reply, rendered.html);
  });
}
