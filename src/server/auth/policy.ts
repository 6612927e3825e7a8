/**
 * Who may do what. Routes declare an access level (config.access) which the access hook enforces; resource
 * rules (ownership) are functions here that services call. Nothing else re-implements these checks.
 */
import { ROLE_PRECEDENCE, type Role } from '../../domain/constants.ts';

export type Access = 'public' | 'signedIn' | 'provider' | 'admin';

export interface Actor {
  userId: string;
  email: string;
  role: Role;
  roles: Role[];
}

/** Effective role: admin > service_provider > user; no row (or unknown values) means user. */
export function effectiveRole(roles: readonly string[]): Role {
  for (const r of ROLE_PRECEDENCE) if (roles.includes(r)) return r;
  return 'user';
}

export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'admin';
}

/** Whether an actor satisfies a route's declared access level. */
export function allows(access: Access, actor: Actor | null): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signedIn':
      return actor !== null;
    case 'provider':
      return actor !== null && (actor.role === 'service_provider' || actor.role === 'admin');
    case 'admin':
      return actor !== null && actor.role === 'admin';
  }
}

/** Owner of a user-owned row (favourite, review, profile, enquiry sent) or an admin. */
export function canActOnUserResource(actor: Actor | null, ownerUserId: string | null): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || (ownerUserId !== null && actor.userId === ownerUserId);
}

/** A provider's own resource (listing, image, enquiry received) or an admin. */
export function canActOnProviderResource(
  actor: Actor | null,
  actorProviderId: string | null,
  resourceProviderId: string,
): boolean {
  if (!actor) return false;
  return actor.role === 'admin' || (actorProviderId !== null && actorProviderId === resourceProviderId);
}

/** Only the author may rewrite their own words (reviews); admins may delete but not edit them. */
export function isAuthor(actor: Actor | null, authorUserId: string | null): boolean {
  // null: the author's account was deleted (decision 0056); nobody is its author any more.
  return actor !== null && authorUserId !== null && actor.userId === authorUserId;
}
