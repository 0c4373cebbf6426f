import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type Params, type RouteObject } from 'react-router-dom';
import { getSession } from '../api/session';
import { AppLoading } from './AppLoading';
import { PageError } from './PageError';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

/** Each feature loads on first visit, so the first page carries only its own code. */
const feature = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy' | 'errorElement'> => ({
  lazy: load,
  errorElement: <PageError />,
});

/**
 * Starts a page's first requests beside its code. `load` imports the feature's prefetch, a small
 * chunk that arrives before the page's own, and the requests go out without being waited for: the
 * page renders as soon as its code is there and finds them in the cache. It runs when the page is
 * entered; a change of its search params is the page's own hooks' to follow. Without a session
 * there is nothing to ask yet: RequireSession finds one (another tab's, the cookie's) or sends the
 * visitor to /login, and the page's hooks ask then.
 */
const prefetch = (
  queryClient: QueryClient,
  load: () => Promise<(queryClient: QueryClient, page: { url: URL; params: Params }) => void>,
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> => ({
  loader: async ({ request, params }) => {
    if (getSession()) (await load())(queryClient, { url: new URL(request.url), params });
    return null;
  },
  shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
});

/** Every route; loaders that prefetch fill `queryClient`, the one the app renders with. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const pages: RouteObject[] = [
    { path: '/login', ...feature(() => import('../features/login/LoginPage').then((m) => ({ Component: m.LoginPage }))) },
    { path: '/connect', ...feature(() => import('../features/connect/ConnectPage').then((m) => ({ Component: m.ConnectPage }))) },
    {
      path: '/',
      element: (
        <RequireSession>
          <Shell />
        </RequireSession>
      ),
      errorElement: <PageError />,
      children: [
        // The effective home dashboard (a preference of the person, their teams or the org), else the list.
        { index: true, ...feature(() => import('./HomeRedirect').then((m) => ({ Component: m.HomeRedirect }))) },
        {
          path: 'dashboards',
          ...feature(() => import('../features/dashboards/DashboardsPage').then((m) => ({ Component: m.DashboardsPage }))),
          ...prefetch(queryClient, () => import('../features/dashboards/listPrefetch').then((m) => m.prefetchList)),
        },
        {
          path: 'd/:uid/:slug?',
          ...feature(() => import('../features/dashboards/DashboardPage').then((m) => ({ Component: m.DashboardPage }))),
          ...prefetch(queryClient, () => import('../features/dashboards/dashboardQueries').then((m) => m.prefetchDashboard)),
        },
        {
          path: 'dashboard/new',
          ...feature(() => import('../features/dashboards/NewDashboardPage').then((m) => ({ Component: m.NewDashboardPage }))),
        },
        {
          path: 'dashboard/import',
          ...feature(() => import('../features/dashboards/ImportDashboardPage').then((m) => ({ Component: m.ImportDashboardPage }))),
        },
        // Data sources
        {
          path: 'datasources',
          ...feature(() => import('../features/datasources/DataSourcesPage').then((m) => ({ Component: m.DataSourcesPage }))),
        },
        {
          path: 'datasources/new',
          ...feature(() => import('../features/datasources/NewDataSourcePage').then((m) => ({ Component: m.NewDataSourcePage }))),
        },
        {
          path: 'datasources/edit/:uid',
          ...feature(() => import('../features/datasources/EditDataSourcePage').then((m) => ({ Component: m.EditDataSourcePage }))),
        },
        // Service accounts and users
        {
          path: 'serviceaccounts',
          ...feature(() => import('../features/serviceaccounts/ServiceAccountsPage').then((m) => ({ Component: m.ServiceAccountsPage }))),
        },
        {
          path: 'serviceaccounts/:id',
          ...feature(() => import('../features/serviceaccounts/ServiceAccountPage').then((m) => ({ Component: m.ServiceAccountPage }))),
        },
        { path: 'users', ...feature(() => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage }))) },
        {
          path: 'library-panels',
          ...feature(() => import('../features/libraryPanels/LibraryPanelsPage').then((m) => ({ Component: m.LibraryPanelsPage }))),
        },
        { path: 'org/teams', ...feature(() => import('../features/teams/TeamsPage').then((m) => ({ Component: m.TeamsPage }))) },
        { path: 'org/teams/edit/:id', ...feature(() => import('../features/teams/TeamPage').then((m) => ({ Component: m.TeamPage }))) },
        {
          path: 'dashboards/f/:uid/:slug?',
          ...feature(() => import('../features/folders/FolderPage').then((m) => ({ Component: m.FolderPage }))),
        },
        {
          path: 'dashboards/f/:uid/permissions',
          ...feature(() => import('../features/folders/FolderPermissionsPage').then((m) => ({ Component: m.FolderPermissionsPage }))),
        },
        { path: 'profile', ...feature(() => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage }))) },
        { path: 'org', ...feature(() => import('../features/org/OrgPage').then((m) => ({ Component: m.OrgPage }))) },
        {
          path: 'profile/password',
          ...feature(() => import('../features/profile/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage }))),
        },
        {
          path: 'explore',
          ...feature(() => import('../features/dashboards/explore/ExplorePage').then((m) => ({ Component: m.ExplorePage }))),
          ...prefetch(queryClient, () => import('../features/dashboards/explore/explorePrefetch').then((m) => m.prefetchExplore)),
        },
        {
          path: 'annotations',
          ...feature(() => import('../features/annotations/AnnotationsPage').then((m) => ({ Component: m.AnnotationsPage }))),
        },
        // The alert rule form (new, prefilled from a panel by ?defaults=, and edit); literal paths so the build preloads them.
        {
          path: 'alerting/new',
          ...feature(() => import('../features/alerting/ruleForm/RuleFormPage').then((m) => ({ Component: m.RuleFormPage }))),
        },
        {
          path: 'alerting/grafana/:uid/edit',
          ...feature(() => import('../features/alerting/ruleForm/RuleFormPage').then((m) => ({ Component: m.RuleFormPage }))),
        },
        // Alerting: the rules list and a rule's page, silences.
        {
          path: 'alerting/list',
          ...feature(() => import('../features/alerting/list/RuleListPage').then((m) => ({ Component: m.RuleListPage }))),
        },
        {
          path: 'alerting/grafana/:uid/view',
          ...feature(() => import('../features/alerting/view/RuleViewPage').then((m) => ({ Component: m.RuleViewPage }))),
        },
        {
          path: 'alerting/notifications',
          ...feature(() =>
            import('../features/alerting/contactPoints/ContactPointsPage').then((m) => ({ Component: m.ContactPointsPage })),
          ),
        },
        {
          path: 'alerting/notifications/receivers/new',
          ...feature(() =>
            import('../features/alerting/contactPoints/ContactPointEditorPage').then((m) => ({ Component: m.ContactPointEditorPage })),
          ),
        },
        {
          path: 'alerting/notifications/receivers/:name/edit',
          ...feature(() =>
            import('../features/alerting/contactPoints/ContactPointEditorPage').then((m) => ({ Component: m.ContactPointEditorPage })),
          ),
        },
        {
          path: 'alerting/notifications/templates',
          ...feature(() =>
            import('../features/alerting/templates/NotificationTemplatesPage').then((m) => ({ Component: m.NotificationTemplatesPage })),
          ),
        },
        {
          path: 'alerting/notifications/templates/new',
          ...feature(() => import('../features/alerting/templates/TemplateEditorPage').then((m) => ({ Component: m.TemplateEditorPage }))),
        },
        {
          path: 'alerting/notifications/templates/:name/edit',
          ...feature(() => import('../features/alerting/templates/TemplateEditorPage').then((m) => ({ Component: m.TemplateEditorPage }))),
        },
        {
          path: 'alerting/routes',
          ...feature(() =>
            import('../features/alerting/policies/NotificationPoliciesPage').then((m) => ({ Component: m.NotificationPoliciesPage })),
          ),
        },
        {
          path: 'alerting/routes/mute-timing/new',
          ...feature(() =>
            import('../features/alerting/muteTimings/MuteTimingEditorPage').then((m) => ({ Component: m.MuteTimingEditorPage })),
          ),
        },
        {
          path: 'alerting/routes/mute-timing/edit',
          ...feature(() =>
            import('../features/alerting/muteTimings/MuteTimingEditorPage').then((m) => ({ Component: m.MuteTimingEditorPage })),
          ),
        },
        {
          path: 'alerting/silences',
          ...feature(() => import('../features/alerting/silences/SilencesPage').then((m) => ({ Component: m.SilencesPage }))),
        },
        {
          path: 'alerting/silence/new',
          ...feature(() => import('../features/alerting/silences/SilenceEditorPage').then((m) => ({ Component: m.SilenceEditorPage }))),
        },
        {
          path: 'alerting/silence/:id/edit',
          ...feature(() => import('../features/alerting/silences/SilenceEditorPage').then((m) => ({ Component: m.SilenceEditorPage }))),
        },
        {
          path: '*',
          // Its own error element, so the 404 shows inside the app's frame rather than replacing it.
          element: <PageError />,
          errorElement: <PageError />,
          loader: () => {
            throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
          },
        },
      ],
    },
  ];

  return [{ element: <Outlet />, hydrateFallbackElement: <AppLoading />, children: pages }];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
