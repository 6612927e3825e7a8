/**
 * A provider's package: activated by an admin, expiring in 7 days, expiring tomorrow, expired. The expiry
 * messages are enqueued once per expiry date (the outbox's dedupe key).
 */
import { z } from 'zod';
import { formatRand } from '../../../domain/format.ts';
import { mailDate } from '../format.ts';
import { isoDate, name } from './fields.ts';
import { Action, Layout, Paragraph, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

const packageFields = { providerName: name, packageName: name, expiresAt: isoDate };

/** What a provider keeps and loses when a paid package lapses. */
const LAPSE =
  'your listings stay published with the Basic package: no Premium or Verified badge, no priority placement and no new reviews';

export const packageActivated = defineTemplate({
  kind: 'package_activated',
  category: 'packages',
  schema: z.object({ ...packageFields, price: z.number().nonnegative() }),
  subject: (p) => `Your ${p.packageName} package is active`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`Active until ${mailDate(p.expiresAt)}.`}
      heading={`Your ${p.packageName} package is active`}
    >
      <Paragraph>Hi {p.providerName},</Paragraph>
      <Paragraph>
        Your {p.packageName} package ({p.price === 0 ? 'free' : `${formatRand(p.price)}/month`}) is active
        until {mailDate(p.expiresAt)}. Its benefits apply to your listings straight away.
      </Paragraph>
      <Action href={siteUrl(ctx, '/dashboard')}>Go to your dashboard</Action>
    </Layout>
  ),
  sample: {
    providerName: 'Elite Arrivals',
    packageName: 'Premium',
    price: 999,
    expiresAt: '2026-12-27T10:00:00.000Z',
  },
});

export const packageExpiring = defineTemplate({
  kind: 'package_expiring',
  category: 'packages',
  schema: z.object({ ...packageFields, when: z.enum(['in_7_days', 'tomorrow']) }),
  subject: (p) =>
    p.when === 'tomorrow'
      ? `Your ${p.packageName} package expires tomorrow`
      : `Your ${p.packageName} package expires in 7 days`,
  Email: ({ payload: p, ctx }) => {
    const when = p.when === 'tomorrow' ? 'tomorrow' : 'in 7 days';
    return (
      <Layout
        ctx={ctx}
        preview={`It expires on ${mailDate(p.expiresAt)}.`}
        heading={`Your ${p.packageName} package expires ${when}`}
      >
        <Paragraph>Hi {p.providerName},</Paragraph>
        <Paragraph>
          Your {p.packageName} package expires on {mailDate(p.expiresAt)}. After that, {LAPSE}.
        </Paragraph>
        <Paragraph>Renew it to keep your benefits without a gap.</Paragraph>
        <Action href={siteUrl(ctx, '/packages')}>Renew your package</Action>
      </Layout>
    );
  },
  sample: {
    providerName: 'Elite Arrivals',
    packageName: 'Premium',
    expiresAt: '2026-12-04T10:00:00.000Z',
    when: 'in_7_days',
  },
});

export const packageExpired = defineTemplate({
  kind: 'package_expired',
  category: 'packages',
  schema: z.object(packageFields),
  subject: (p) => `Your ${p.packageName} package has expired`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`It expired on ${mailDate(p.expiresAt)}.`}
      heading={`Your ${p.packageName} package has expired`}
    >
      <Paragraph>Hi {p.providerName},</Paragraph>
      <Paragraph>
        Your {p.packageName} package expired on {mailDate(p.expiresAt)}. Until you renew it, {LAPSE}.
      </Paragraph>
      <Action href={siteUrl(ctx, '/packages')}>Renew your package</Action>
    </Layout>
  ),
  sample: { providerName: 'Elite Arrivals', packageName: 'Premium', expiresAt: '2026-11-27T10:00:00.000Z' },
});
