import type { Role } from '@domain/constants.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Profile {
  fullName: string | null;
  phone: string | null;
  city: string | null;
  province: string | null;
  avatarUrl: string | null;
}

export interface ProviderSummary {
  id: string;
  businessName: string;
  packageType: string;
  packageExpiresAt: string | null;
  paymentStatus: string;
}

/** GET /api/me */
export interface Me {
  user: SessionUser;
  profile: Profile | null;
  role: Role;
  roles: string[];
  provider: ProviderSummary | null;
  demoMode: boolean;
}

export type PackageStatus = 'active' | 'pending' | null;

export interface SignUpResponse {
  me: Me;
  packageStatus: PackageStatus;
}

export interface SignInResponse {
  me: Me;
}
