// What /auth reads from the navigation state that /packages (or another page) passes along.

/** What /packages (or another page) may pass in the navigation state. */
export interface AuthNavigationState {
  /** True when the state has a packageType key at all, even an empty one. */
  hasPackageKey: boolean;
  packageType: string | null;
  from: string | null;
}

export function readNavigationState(state: unknown): AuthNavigationState {
  if (typeof state !== 'object' || state === null)
    return { hasPackageKey: false, packageType: null, from: null };
  const record = state as Record<string, unknown>;
  const packageType = typeof record.packageType === 'string' ? record.packageType.trim() : '';
  return {
    hasPackageKey: 'packageType' in record,
    packageType: packageType || null,
    from: typeof record.from === 'string' ? record.from : null,
  };
}

/** A package type as a name: standard_plus → Standard Plus. */
export function packageName(packageType: string): string {
  return packageType
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
