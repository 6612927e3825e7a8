/**
 * The Business tab without a provider record: what the tab is for and the way to a business profile
 * (/dashboard/become-provider), instead of a bare 'Please complete your service provider profile'. An
 * admin gets a word on why they may want one: admins moderate and edit without it (decision 0047).
 */
import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export const NO_BUSINESS_PROFILE = {
  adminTitle: 'Your admin account has no business profile',
  adminText:
    'You can moderate and edit every listing without one. To list services of your own, create a business profile: its name, description, logo and contact details then show on your listings, and this tab lets you change them.',
  adminAction: 'Create a business profile',
  providerTitle: 'Please complete your service provider profile',
  providerText:
    'Your business name and description come first; then this tab holds your logo and the contact details customers see.',
  providerAction: 'Complete Profile',
} as const;

export function NoBusinessProfile({ admin }: { admin: boolean }) {
  const t = NO_BUSINESS_PROFILE;
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary"
      >
        <Store className="size-5" />
      </span>
      <div className="min-w-0 space-y-2">
        <h2 className="text-lg font-semibold">{admin ? t.adminTitle : t.providerTitle}</h2>
        <p className="text-sm text-muted-foreground">{admin ? t.adminText : t.providerText}</p>
        <Button asChild className="mt-2">
          <Link to="/dashboard/become-provider">{admin ? t.adminAction : t.providerAction}</Link>
        </Button>
      </div>
    </div>
  );
}
