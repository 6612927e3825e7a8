/** To admins (who may turn these off): a listing awaiting moderation, a Matric Guide payment proof. */
import { z } from 'zod';
import { formatRand } from '../../../domain/format.ts';
import { email, id, name, title } from './fields.ts';
import { Action, Details, Layout, Paragraph, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

export const adminListingPending = defineTemplate({
  kind: 'admin_listing_pending',
  category: 'admin_listings',
  schema: z.object({
    listingId: id,
    listingTitle: title,
    providerName: name,
    categoryName: name.nullable(),
    /** Changes to an approved listing (held until approved), not a new listing. */
    changes: z.boolean().optional(),
  }),
  subject: (p) =>
    p.changes
      ? `Listing changes awaiting moderation: ${p.listingTitle}`
      : `New listing awaiting moderation: ${p.listingTitle}`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={
        p.changes
          ? `${p.providerName} changed ${p.listingTitle}.`
          : `${p.providerName} submitted ${p.listingTitle}.`
      }
      heading={p.changes ? 'Listing changes are awaiting moderation' : 'A listing is awaiting moderation'}
    >
      <Paragraph>
        {p.changes
          ? `${p.providerName} changed an approved listing. Customers see the approved version until the changes are approved.`
          : `${p.providerName} submitted a listing for review.`}
      </Paragraph>
      <Details
        rows={[
          ['Listing', p.listingTitle],
          ['Provider', p.providerName],
          ['Category', p.categoryName ?? 'None'],
        ]}
      />
      <Action href={siteUrl(ctx, p.changes ? '/admin/listings?status=changes' : '/admin/listings')}>
        {p.changes ? 'Review changes' : 'Review listings'}
      </Action>
    </Layout>
  ),
  sample: {
    listingId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    listingTitle: 'Rolls-Royce Ghost for Matric Farewell',
    providerName: 'Elite Arrivals',
    categoryName: 'Car Rental',
  },
});

export const adminGuidePayment = defineTemplate({
  kind: 'admin_guide_payment',
  category: 'admin_guide_payments',
  schema: z.object({
    userName: name,
    userEmail: email,
    reference: z.string().trim().min(1).max(200),
    amount: z.number().nonnegative(),
  }),
  subject: (p) => `New Matric Guide payment proof from ${p.userName}`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`Reference ${p.reference}, ${formatRand(p.amount, 2)}.`}
      heading="A Matric Guide payment is waiting for review"
    >
      <Paragraph>{p.userName} submitted proof of payment for the Matric Guide.</Paragraph>
      <Details
        rows={[
          ['Name', p.userName],
          ['Email', p.userEmail],
          ['Payment reference', p.reference],
          ['Amount', formatRand(p.amount, 2)],
        ]}
      />
      <Action href={siteUrl(ctx, '/admin/premium-access')}>Review access requests</Action>
    </Layout>
  ),
  sample: { userName: 'Kea Molefe', userEmail: 'kea@example.com', reference: 'KEA-0612345678', amount: 50 },
});
