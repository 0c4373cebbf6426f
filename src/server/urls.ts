/** Grafana's addresses of a dashboard and a folder in the UI, as API answers give them. */
export const dashboardUrl = (uid: string, slug: string) => `/d/${uid}/${slug}`;
export const folderUrl = (uid: string, slug: string) => `/dashboards/f/${uid}/${slug}`;
