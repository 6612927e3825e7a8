/** /dashboard/settings: Profile tab for everyone; Business tab for providers and admins with a provider record. */
import { useEffect } from 'react';
import { toast } from '../../lib/toast.ts';
import { PROVIDER_MESSAGES } from '@domain/providers.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useMe } from '../../features/auth/use-me.ts';
import { useBusinessSettings, useProfile } from '../../features/providers/api.ts';
import { BusinessForm, ProfileForm } from '../../features/providers/SettingsForms.tsx';

export default function Settings() {
  const { data: me } = useMe();
  const canBusiness = me?.role === 'service_provider' || me?.role === 'admin';
  const profile = useProfile();
  const business = useBusinessSettings(canBusiness);

  useEffect(() => {
    if (profile.isError) toast.error(PROVIDER_MESSAGES.profileLoadFailed, { id: 'profile-error' });
  }, [profile.isError]);
  useEffect(() => {
    if (business.isError) toast.error(PROVIDER_MESSAGES.providerLoadFailed, { id: 'business-error' });
  }, [business.isError]);

  if (!me) return null;
  const loading = <Skeleton className="h-96 w-full rounded-xl" />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted-foreground">Manage your profile{canBusiness ? ' and business' : ''}.</p>
      </div>
      <Tabs defaultValue="profile">
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          {canBusiness && <TabsTrigger value="business">Business</TabsTrigger>}
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardContent>{profile.data ? <ProfileForm profile={profile.data} /> : loading}</CardContent>
          </Card>
        </TabsContent>
        {canBusiness && (
          <TabsContent value="business">
            <Card>
              <CardContent>
                {business.isPending ? (
                  loading
                ) : business.data ? (
                  <BusinessForm business={business.data} />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {business.isError
                      ? PROVIDER_MESSAGES.providerLoadFailed
                      : 'Please complete your service provider profile'}
                  </p>
                )}
              </CardContent>
            </Card>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
