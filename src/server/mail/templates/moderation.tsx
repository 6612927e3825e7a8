/**
 * Listing moderation, to the listing's provider: approved, or rejected with the admin's reason; with
 * `changes`, the decision on changes to an approved listing (docs/decisions/0041).
 */
import { z } from 'zod';
import { id, longText, name, title } from './fields.ts';
import { Action, Layout, Paragraph, Quote, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

export const listingApproved = defineTemplate({
  kind: 'listing_approved',
  category: 'listing_moderation',
  schema: z.object({
    providerName: name,
    listingId: id,
    listingTitle: title,
    changes: z.boolean().optional(),
  }),
  subject: (p) =>
    p.changes ? `Your changes are live: ${p.listingTitle}` : `Your listing is live: ${p.listingTitle}`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`${p.listingTitle} is now visible to everyone.`}
      heading={p.changes ? 'Your changes are approved' : 'Your listing is approved'}
    >
      <Paragraph>Hi {p.providerName},</Paragraph>
      <Paragraph>
        {p.changes
          ? `Good news: your changes to ${p.listingTitle} have been approved and everyone browsing ${ctx.siteName} now sees them.`
          : `Good news: ${p.listingTitle} has been approved and is now visible to everyone browsing ${ctx.siteName}.`}
      </Paragraph>
      <Action href={siteUrl(ctx, `/listing/${p.listingId}`)}>View your listing</Action>
    </Layout>
  ),
  sample: {
    providerName: 'Elite Arrivals',
    listingId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    listingTitle: 'Rolls-Royce Ghost for Matric Farewell',
  },
});

export const listingRejected = defineTemplate({
  kind: 'listing_rejected',
  category: 'listing_moderation',
  schema: z.object({
    providerName: name,
    listingId: id,
    listingTitle: title,
    /** Null when the admin gave none (a listing's reason is optional; a rejection of changes has one). */
    reason: longText.nullable(),
    changes: z.boolean().optional(),
  }),
  subject: (p) =>
    p.changes
      ? `Your changes were not approved: ${p.listingTitle}`
      : `Your listing was not approved: ${p.listingTitle}`,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={
        p.changes
          ? `Your changes to ${p.listingTitle} were not approved.`
          : `${p.listingTitle} needs changes before it can be published.`
      }
      heading={p.changes ? 'Your changes were not approved' : 'Your listing was not approved'}
    >
      <Paragraph>Hi {p.providerName},</Paragraph>
      <Paragraph>
        {p.changes
          ? `Our team reviewed your changes to ${p.listingTitle} and could not approve them. Customers still see the approved version.`
          : `Our team reviewed ${p.listingTitle} and could not approve it.`}{' '}
        {p.reason ? 'The reason they gave:' : 'They gave no reason.'}
      </Paragraph>
      {p.reason && <Quote>{p.reason}</Quote>}
      <Paragraph>
        {p.changes
          ? 'You can change the listing and save it to send your changes for review again.'
          : 'You can change the listing and save it to send it for review again.'}
      </Paragraph>
      <Action href={siteUrl(ctx, `/dashboard/listings/${p.listingId}/edit`)}>Edit your listing</Action>
    </Layout>
  ),
  sample: {
    providerName: 'Elite Arrivals',
    listingId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    listingTitle: 'Rolls-Royce Ghost for Matric Farewell',
    reason:
      'The photos show a different car from the one described. Please upload photos of the Ghost itself.',
  },
});
