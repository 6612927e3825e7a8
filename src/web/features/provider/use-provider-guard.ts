/**
 * The role rules of the provider screens (spec section 6), applied once the session is known:
 * - `create`: other roles get "You must be a service provider to create listings" and go to /dashboard;
 * - `manage` (My Listings, Analytics) and `edit`: other roles go to /dashboard;
 * - a provider (or admin) without a provider record gets "You need to complete your service provider
 *   profile first" and goes to /dashboard/become-provider.
 * Returns the session when the screen may show, otherwise null (while redirecting).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { PROVIDER_MESSAGES } from '@domain/providers.ts';
import { useMe } from '../../lib/use-me.ts';
import type { Me } from '../../lib/me-types.ts';

type Kind = 'create' | 'manage' | 'edit';
type Verdict = 'ok' | 'wrong-role' | 'no-profile' | 'unknown';

function judge(me: Me | null | undefined, kind: Kind): Verdict {
  if (!me) return 'unknown';
  if (me.role !== 'service_provider' && me.role !== 'admin') return 'wrong-role';
  // Admins may edit any listing without a provider record of their own.
  if (!me.provider && !(kind === 'edit' && me.role === 'admin')) return 'no-profile';
  return 'ok';
}

export function useProviderGuard(kind: Kind): Me | null {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const verdict = judge(me, kind);
  useEffect(() => {
    if (verdict === 'wrong-role') {
      if (kind === 'create') toast.error(PROVIDER_MESSAGES.mustBeProvider, { id: 'provider-guard' });
      void navigate('/dashboard', { replace: true });
    } else if (verdict === 'no-profile') {
      toast.error(PROVIDER_MESSAGES.profileMissing, { id: 'provider-guard' });
      void navigate('/dashboard/become-provider', { replace: true });
    }
  }, [verdict, kind, navigate]);
  return verdict === 'ok' ? me! : null;
}
