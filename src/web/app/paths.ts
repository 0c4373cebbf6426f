/** Every in-app link is built here, so no URL is typed twice. */
const withNext = (path: string, next?: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

export const paths = {
  login: (next?: string | null) => withNext('/login', next),
  connect: (next?: string | null) => withNext('/connect', next),
  /** Where `/` sends a person: their effective home dashboard, else the dashboards. */
  home: () => '/',
  profile: () => '/profile',
  changePassword: () => '/profile/password',
  /** The org's settings and preferences (Grafana's address). */
  org: () => '/org',
  dashboards: () => '/dashboards',
  dashboard: (uid: string, slug = '', editview?: 'settings' | 'json' | 'versions') =>
    `/d/${uid}${slug ? `/${slug}` : ''}${editview ? `?editview=${editview}` : ''}`,
  /** Grafana's address of a new dashboard, `folderUid` preselecting where it is saved. */
  newDashboard: (folderUid?: string) => (folderUid ? `/dashboard/new?folderUid=${encodeURIComponent(folderUid)}` : '/dashboard/new'),
  importDashboard: () => '/dashboard/import',
  /** The org's library panels (Grafana's address). */
  libraryPanels: () => '/library-panels',
  folder: (folderUid: string, slug = '') => `/dashboards/f/${encodeURIComponent(folderUid)}${slug ? `/${slug}` : '/'}`,
  folderPermissions: (folderUid: string) => `/dashboards/f/${encodeURIComponent(folderUid)}/permissions`,
  dataSources: () => '/datasources',
  dataSource: (uid: string) => `/datasources/edit/${uid}`,
  newDataSource: (type?: string) => (type ? `/datasources/new?type=${encodeURIComponent(type)}` : '/datasources/new'),
  serviceAccounts: () => '/serviceaccounts',
  serviceAccount: (id: number) => `/serviceaccounts/${id}`,
  users: () => '/users',
  teams: () => '/org/teams',
  team: (id: number) => `/org/teams/edit/${id}`,
  annotations: () => '/annotations',
  /** Explore; `search` is its state as `exploreSearch` writes it (Grafana's `schemaVersion=1&panes=…`). */
  explore: (search?: string) => (search ? `/explore?${search}` : '/explore'),
  /** The panel editor of panel `panelId` (Grafana's `editPanel`), in edit mode. */
  editPanel: (uid: string, slug: string, panelId: number) => `/d/${uid}${slug ? `/${slug}` : ''}?editPanel=${panelId}`,
  // Alerting, at Grafana's addresses.
  alertRules: (search?: string) => (search ? `/alerting/list?${search}` : '/alerting/list'),
  alertRule: (uid: string) => `/alerting/grafana/${encodeURIComponent(uid)}/view`,
  editAlertRule: (uid: string) => `/alerting/grafana/${encodeURIComponent(uid)}/edit`,
  /** `search` carries a prefilled rule (Grafana's `defaults=<json>`), e.g. from a panel's menu. */
  newAlertRule: (search?: string) => (search ? `/alerting/new?${search}` : '/alerting/new'),
  contactPoints: () => '/alerting/notifications',
  newContactPoint: () => '/alerting/notifications/receivers/new',
  editContactPoint: (name: string) => `/alerting/notifications/receivers/${encodeURIComponent(name)}/edit`,
  notificationTemplates: () => '/alerting/notifications/templates',
  newNotificationTemplate: () => '/alerting/notifications/templates/new',
  editNotificationTemplate: (name: string) => `/alerting/notifications/templates/${encodeURIComponent(name)}/edit`,
  notificationPolicies: () => '/alerting/routes',
  newMuteTiming: () => '/alerting/routes/mute-timing/new',
  editMuteTiming: (name: string) => `/alerting/routes/mute-timing/edit?muteName=${encodeURIComponent(name)}`,
  silences: () => '/alerting/silences',
  /** `search` prefills it (Grafana's `matcher=name=value`, repeated, and `alertmanager`). */
  newSilence: (search?: string) => (search ? `/alerting/silence/new?${search}` : '/alerting/silence/new'),
  editSilence: (id: string) => `/alerting/silence/${encodeURIComponent(id)}/edit`,
};

/** Where to go after signing in: `next` when it is a page of this app (never another site, nor a sign-in page), else home. */
export function afterSignIn(next: string | null): string {
  // `//host` and `/\host` are other sites to a browser.
  return next && /^\/(?![/\\])/.test(next) && !/^\/(login|connect)\b/.test(next) ? next : paths.home();
}
