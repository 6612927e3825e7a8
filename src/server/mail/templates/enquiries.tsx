/** Enquiries and their conversations: a new enquiry to the provider, a reply to the other side. */
import { z } from 'zod';
import { email, id, longText, name, title } from './fields.ts';
import { Action, Details, Layout, Paragraph, Quote, Small, TextLink, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

/** The conversation of one enquiry on the dashboard. */
export const conversationPath = (enquiryId: string) =>
  `/dashboard/enquiries?enquiry=${encodeURIComponent(enquiryId)}`;

export const enquiryReceived = defineTemplate({
  kind: 'enquiry_received',
  category: 'enquiries',
  schema: z.object({
    providerName: name,
    enquiryId: id,
    listingId: id.nullable(),
    listingTitle: title,
    clientName: name,
    clientEmail: email,
    clientPhone: z.string().trim().max(40).nullable(),
    message: longText,
  }),
  subject: (p) => `New enquiry about ${p.listingTitle}`,
  replyTo: (p) => p.clientEmail,
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`${p.clientName} sent an enquiry about ${p.listingTitle}.`}
      heading="You have a new enquiry"
    >
      <Paragraph>Hi {p.providerName},</Paragraph>
      <Paragraph>
        {p.clientName} sent an enquiry about{' '}
        {p.listingId ? (
          <TextLink href={siteUrl(ctx, `/listing/${p.listingId}`)}>{p.listingTitle}</TextLink>
        ) : (
          p.listingTitle
        )}
        .
      </Paragraph>
      <Details
        rows={[
          ['Name', p.clientName],
          ['Email', p.clientEmail],
          ['Phone', p.clientPhone || 'Not given'],
        ]}
      />
      <Quote>{p.message}</Quote>
      <Action href={siteUrl(ctx, conversationPath(p.enquiryId))}>View the enquiry</Action>
      <Small>You can also reply to this email to answer {p.clientName} directly.</Small>
    </Layout>
  ),
  sample: {
    providerName: 'Elite Arrivals',
    enquiryId: '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    listingId: '0e9d8c7b-6a5f-4e3d-9c2b-1a0f9e8d7c6b',
    listingTitle: 'Rolls-Royce Ghost for Matric Farewell',
    clientName: 'Lindiwe Dlamini',
    clientEmail: 'lindiwe@example.com',
    clientPhone: '082 555 0199',
    message:
      'Good day, is the Rolls-Royce available on 14 March for our matric farewell in Sandton? We would need it from 17:00 to 22:00.',
  },
});

export const conversationReply = defineTemplate({
  kind: 'conversation_reply',
  category: 'conversations',
  schema: z.object({
    recipientName: name,
    authorName: name,
    enquiryId: id,
    listingTitle: title,
    body: longText,
    /** Whether the recipient has an account; a visitor is invited to create one with this address. */
    recipientHasAccount: z.boolean(),
  }),
  subject: (p) => `${p.authorName} replied about ${p.listingTitle}`,
  Email: ({ payload: p, ctx }) => (
    <Layout ctx={ctx} preview={p.body.slice(0, 120)} heading={`${p.authorName} replied`}>
      <Paragraph>Hi {p.recipientName},</Paragraph>
      <Paragraph>
        {p.authorName} replied in your conversation about {p.listingTitle}:
      </Paragraph>
      <Quote>{p.body}</Quote>
      {p.recipientHasAccount ? (
        <Action href={siteUrl(ctx, conversationPath(p.enquiryId))}>View the conversation</Action>
      ) : (
        <Action href={siteUrl(ctx, `/auth?redirect=${encodeURIComponent(conversationPath(p.enquiryId))}`)}>
          Create an account with this email to continue the conversation
        </Action>
      )}
    </Layout>
  ),
  sample: {
    recipientName: 'Lindiwe Dlamini',
    authorName: 'Elite Arrivals',
    enquiryId: '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    listingTitle: 'Rolls-Royce Ghost for Matric Farewell',
    body: 'Hi Lindiwe, yes, the car is available on 14 March. The five hours come to R6 500, chauffeur included.',
    recipientHasAccount: false,
  },
});
