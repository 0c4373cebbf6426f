/** Query keys per resource: invalidating a resource's root refreshes every query under it. */
export const queryKeys = {
  org: ['org'] as const,
  search: (params: Record<string, unknown>) => ['search', params] as const,
  folders: ['folders'] as const,
  dataSources: ['datasources'] as const,
  serviceAccounts: (params: Record<string, unknown> = {}) => ['serviceaccounts', params] as const,
  orgUsers: ['orgUsers'] as const,
  annotations: (params: Record<string, unknown>) => ['annotations', params] as const,
};
