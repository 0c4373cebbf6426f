/**
 * Query keys of the alerting pages, from the root down: invalidating `alertingKeys.rulesAll` after a
 * pause or a delete refreshes the list, the totals, the navigation's count and the rule's page.
 */
export const alertingKeys = {
  all: ['alerting'] as const,
  rulesAll: ['alerting', 'rules'] as const,
  ruleGroups: (filters: Record<string, unknown>) => ['alerting', 'rules', 'groups', filters] as const,
  ruleTotals: (filters: Record<string, unknown>) => ['alerting', 'rules', 'totals', filters] as const,
  firingCount: ['alerting', 'rules', 'firing'] as const,
  rule: (uid: string) => ['alerting', 'rules', 'definition', uid] as const,
  ruleState: (uid: string) => ['alerting', 'rules', 'state', uid] as const,
  ruleHistory: (ruleId: number, from: number) => ['alerting', 'rules', 'history', ruleId, from] as const,
  ruleGraph: (uid: string, request: unknown) => ['alerting', 'rules', 'graph', uid, request] as const,
  ruleExport: (uid: string, format: string) => ['alerting', 'rules', 'export', uid, format] as const,
  silencesAll: ['alerting', 'silences'] as const,
  silence: (id: string) => ['alerting', 'silences', id] as const,
  alertsAll: ['alerting', 'alerts'] as const,
  alerts: (filters: readonly string[]) => ['alerting', 'alerts', filters] as const,
};
