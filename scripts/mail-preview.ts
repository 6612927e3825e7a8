/**
 * `npm run mail:preview [folder]`: renders every mail template with its sample data into a folder
 * (default mail-preview/, ignored by git): `<kind>.html` and `<kind>.txt` per template and an index.html
 * linking them. Links point at PUBLIC_URL (default http://localhost:3000); the logo and brand name are the
 * defaults, as on a site without content.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/env.ts';
import { MAIL_KINDS, MAIL_TEMPLATES, renderMail } from '../src/server/mail/render.tsx';
import { NOTIFICATION_CATEGORY_INFO, type NotificationCategory } from '../src/domain/notifications.ts';

const outDir = path.resolve(process.argv[2] ?? 'mail-preview');
const { publicUrl } = loadConfig();
mkdirSync(outDir, { recursive: true });
const links: string[] = [];
for (const kind of MAIL_KINDS) {
  const template = MAIL_TEMPLATES[kind];
  const essential = template.category === 'account';
  const rendered = await renderMail(kind, template.sample, {
    publicUrl,
    siteName: 'Matric Moments',
    logoUrl: null,
    unsubscribeUrl: essential ? null : `${publicUrl}/mail/unsubscribe?token=preview`,
    categoryLabel: essential
      ? null
      : NOTIFICATION_CATEGORY_INFO[template.category as NotificationCategory].label,
    recipientHasAccount: true,
  });
  writeFileSync(path.join(outDir, `${kind}.html`), rendered.html);
  writeFileSync(path.join(outDir, `${kind}.txt`), `Subject: ${rendered.subject}\n\n${rendered.text}\n`);
  links.push(
    `<li><a href="${kind}.html">${kind}</a> (<a href="${kind}.txt">text</a>): ${rendered.subject.replace(/</g, '&lt;')}</li>`,
  );
}
writeFileSync(
  path.join(outDir, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Mail previews</title><h1>Mail previews</h1><ul>${links.join('\n')}</ul>\n`,
);
console.log(`${MAIL_KINDS.length} templates rendered into ${outDir}`);
