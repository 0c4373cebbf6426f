/**
 * Every query key of the UI, per resource, from the root down: invalidating a root (`queryKeys.searchAll`,
 * `queryKeys.dashboards.all`) refreshes every query under it. Nothing else writes a key by hand.
 */
export const queryKeys = {
  org: ['org'] as const,
  /** `/api/search`: every list of dashboards and folders, whoever asks (the dashboards list, the annotations pickers). */
  searchAll: ['search'] as const,
  search: (params: Record<string, unknown>) => ['search', params] as const,
  folders: ['folders'] as const,
  /** One folder as `GET /api/folders/:uid` answers it (its page and its permissions page). */
  folder: (uid: string) => ['folder', uid] as const,
  dashboards: {
    all: ['dashboard'] as const,
    detail: (uid: string) => ['dashboard', uid] as const,
    /** The copy saved now, read fresh when a save conflicts (the detail stays what the editor loaded). */
    latestSaved: (uid: string, reason: string) => ['dashboard', uid, 'latest', reason] as const,
    versions: (uid: string) => ['dashboard', uid, 'versions'] as const,
    version: (uid: string, version: number) => ['dashboard', uid, 'versions', version] as const,
  },
  dashboardTags: ['dashboardTags'] as const,
  /** Library panels: `libraryElements.all` is the root of the lists and of each element. */
  libraryElements: {
    all: ['libraryElements'] as const,
    list: (params: Record<string, unknown>) => ['libraryElements', 'list', params] as const,
    detail: (uid: string) => ['libraryElements', 'uid', uid] as const,
  },
  dataSources: ['datasources'] as const,
  dataSource: (uid: string) => ['datasources', 'uid', uid] as const,
  /** Service accounts: `serviceAccounts()` is the root; an account's key is also the prefix of its tokens' (keys match partially). */
  serviceAccounts: (params: Record<string, unknown> = {}) => ['serviceaccounts', params] as const,
  serviceAccount: (id: number) => ['serviceaccounts', { id }] as const,
  serviceAccountTokens: (id: number) => ['serviceaccounts', { id, tokens: true }] as const,
  orgUsers: ['orgUsers'] as const,
  orgUsersList: (query: string) => ['orgUsers', { query }] as const,
  annotationsAll: ['annotations'] as const,
  annotations: (params: Record<string, unknown>) => ['annotations', params] as const,
  annotationTags: ['annotationTags'] as const,
  /** A dashboard variable's options: what its interpolated query (and data source, regex, sort, range) asks. */
  variableOptions: (request: Record<string, unknown>) => ['variableOptions', request] as const,
  /** A dashboard panel's `/api/ds/query` answer for one exact request (range, variables and width are in it). */
  panelData: (dashboardUid: string, panelId: number, request: unknown) => ['panelData', dashboardUid, panelId, request] as const,
  /** Every panel answer of one dashboard (its prefix), e.g. to tell whether any is being fetched. */
  panelDataOf: (dashboardUid: string) => ['panelData', dashboardUid] as const,
  /** A dashboard's annotation query against a data source (under the dashboard's panel data, so refreshes count it). */
  annotationQueryData: (dashboardUid: string, request: unknown) => ['panelData', dashboardUid, 'annotations', request] as const,
  /** The states of the alert rules linked to a dashboard's panels (apart from its panel data: polling it is no dashboard refresh). */
  alertRuleStatesOfDashboard: (dashboardUid: string) => ['alertRuleStates', dashboardUid] as const,
};
