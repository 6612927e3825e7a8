/**
 * Package requests from /checkout (issue 28 item 2, decision 0039): a provider's pending upgrade or renewal,
 * its body and its texts. Apart from packages.ts, whose rules public pages import without zod.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const PACKAGE_REQUEST_KINDS = ['upgrade', 'renewal'] as const;
export type PackageRequestKind = (typeof PACKAGE_REQUEST_KINDS)[number];

export const packageRequestSchema = z.object({
  id: z.string(),
  packageType: z.string(),
  packageName: z.string(),
  price: z.number(),
  /** 'renewal' for the provider's current package, 'upgrade' for another. */
  kind: z.enum(PACKAGE_REQUEST_KINDS),
  requestedAt: z.string(),
});
export type PackageRequest = z.infer<typeof packageRequestSchema>;

export const packageRequestInputSchema = z.object({
  packageType: text('Please choose a package')
    .trim()
    .min(1, 'Please choose a package')
    .max(50, 'Package not found'),
});
export type PackageRequestInput = z.infer<typeof packageRequestInputSchema>;

export const PACKAGE_REQUEST_MESSAGES = {
  packageNotFound: 'Package not found',
  recorded: 'Request recorded! Your current package stays active until an admin activates the new one.',
  /** The provider withdraws their open request (the banner's button, its dialog and the answer). */
  cancel: 'Cancel request',
  cancelTitle: 'Cancel your package request?',
  cancelBody: 'Your current package stays as it is. You can choose a package again at any time.',
  cancelled: 'Package request cancelled',
  noneOpen: 'You have no package request awaiting payment',
  pending: (name: string, kind: PackageRequestKind) =>
    kind === 'renewal'
      ? `Your ${name} package is awaiting payment confirmation. An admin will activate it once your payment is received.`
      : `Your upgrade to the ${name} package is awaiting payment confirmation. An admin will activate it once your payment is received.`,
} as const;
