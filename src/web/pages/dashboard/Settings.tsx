/**
 * /dashboard/settings: Profile, Account and Privacy tabs for everyone; Business tab for providers and admins
 * (an admin without a provider record sees the way to one). `?tab=account` opens the Account tab.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PROVIDER_MESSAGES } from '@domain/providers.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useMe } from '../../lib/use-me.ts';
import { useBusinessSettings, useProfile } from '../../features/provider/api.ts';
import { NoBusinessProfile } from '../../features/provider/NoBusinessProfile.tsx';
import { BusinessForm, ProfileForm } from '../../features/provider/SettingsForms.tsx';
import { useErrorToast } from '../../components/query-state.tsx';
import { ChangeEmailForm, ChangePasswordForm } from '../../features/account/AccountSettings.tsx';
import { NotificationSettingsForm } from '../../features/account/NotificationSettings.tsx';
import { DeleteAccountForm, DownloadMyData } from '../../features/account/PrivacySettings.tsx';
import { scheduleSessionClear } from '../../features/auth/session-end.ts';
import { toast } from '../../lib/toast.ts';
import { Separator } from '../../components/ui/separator.tsx';

const TABS = ['profile', 'account', 'privacy', 'business'] as const;

/** The profile's phone is the person's own; what customers see is the Business tab's contact phone. */
const PROFILE_PHONE_HINT =
  'Your own number, for your enquiries and account. Customers see the contact phone on the Business tab.';

export default function Settings() {
  const { data: me } = useMe();
  const canBusiness = me?.role === 'service_provider' || me?.role === 'admin';
  const profile = useProfile();
  const business = useBusinessSettings(canBusiness);
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The account is gone: as after signing out, home with a toast, and the session cleared once it is there.
  const onAccountDeleted = async (message: string) => {
    toast.success(message);
    scheduleSessionClear(queryClient);
    await navigate('/', { replace: true });
  };
  const asked = searchParams.get('tab');
  const tab = TABS.find((t) => t === asked && (t !== 'business' || canBusiness)) ?? 'profile';
  const onTabChange = (value: string) =>
    setSearchParams(
      (params) => {
        if (value === 'profile') params.delete('tab');
        else params.set('tab', value);
        return params;
      },
      { replace: true },
    );

  useErrorToast(profile.isError, PROVIDER_MESSAGES.profileLoadFailed, { id: 'profile-error' });
  useErrorToast(business.isError, PROVIDER_MESSAGES.providerLoadFailed, { id: 'business-error' });

  if (!me) return null;
  const loading = <Skeleton className="h-96 w-full rounded-xl" />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted-foreground">
          {canBusiness
            ? 'Manage your profile, account, privacy and business.'
            : 'Manage your profile, account and privacy.'}
        </p>
      </div>
      <Tabs value={tab} onValueChange={onTabChange}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          {canBusiness && <TabsTrigger value="business">Business</TabsTrigger>}
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardContent>
              {profile.data ? (
                <ProfileForm
                  profile={profile.data}
                  phoneHint={canBusiness ? PROFILE_PHONE_HINT : undefined}
                />
              ) : (
                loading
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="account">
          <Card>
            <CardContent className="grid gap-8">
              <ChangePasswordForm />
              <Separator />
              <ChangeEmailForm email={me.user.email} />
              <Separator />
              <NotificationSettingsForm />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="privacy">
          <Card>
            <CardContent className="grid gap-8">
              <DownloadMyData />
              <Separator />
              <DeleteAccountForm onDeleted={onAccountDeleted} />
            </CardContent>
          </Card>
        </TabsContent>
        {canBusiness && (
          <TabsContent value="business">
            <Card>
              <CardContent>
                {/* No provider record (the session's, or the server's answer): the way to one. */}
                {!me.provider || business.data === null ? (
                  <NoBusinessProfile admin={me.role === 'admin'} />
                ) : business.isError ? (
                  <p className="text-sm text-muted-foreground">{PROVIDER_MESSAGES.providerLoadFailed}</p>
                ) : business.data ? (
                  <BusinessForm business={business.data} />
                ) : (
                  loading
                )}
              </CardContent>
            </Card>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
