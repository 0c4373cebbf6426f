/** Every in-app link is built here, so no URL is typed twice. */
export const paths = {
  connect: (next?: string) => (next ? `/connect?next=${encodeURIComponent(next)}` : '/connect'),
  dashboards: () => '/dashboards',
  dashboard: (uid: string, slug = '', editview?: 'settings' | 'json' | 'versions') =>
    `/d/${uid}${slug ? `/${slug}` : ''}${editview ? `?editview=${editview}` : ''}`,
  importDashboard: () => '/dashboard/import',
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
};
