import type { ServiceAccount, ServiceAccountToken } from '../../../contract/serviceaccounts';

/** Contract-typed bodies for this feature's component tests. */
export function accountDto(overrides: Partial<ServiceAccount> = {}): ServiceAccount {
  const name = overrides.name ?? 'ci-deploy';
  return {
    id: 7,
    uid: 'sa7',
    name,
    login: `sa-${name}`,
    orgId: 1,
    isDisabled: false,
    role: 'Editor',
    tokens: 0,
    avatarUrl: '/avatar/7',
    ...overrides,
  };
}

export function tokenDto(overrides: Partial<ServiceAccountToken> & { secondsLeft?: number | null } = {}): ServiceAccountToken {
  const { secondsLeft = null, ...rest } = overrides;
  return {
    id: 1,
    name: 'token',
    created: '2026-03-01T12:00:00.000Z',
    lastUsedAt: null,
    expiration: secondsLeft === null ? null : new Date(Date.now() + secondsLeft * 1000).toISOString(),
    secondsUntilExpiration: secondsLeft === null ? null : Math.max(0, secondsLeft),
    hasExpired: secondsLeft !== null && secondsLeft <= 0,
    isRevoked: false,
    ...rest,
  };
}
