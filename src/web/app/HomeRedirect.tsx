import { Center, Loader } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { useHomeDashboard } from '../api/preferences';
import { paths } from './paths';

/** `/`: the effective home dashboard (Grafana's `redirectUri`), else the dashboards list. */
export function HomeRedirect() {
  const home = useHomeDashboard();
  if (home.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Opening the home dashboard">
        <Loader />
      </Center>
    );
  }
  // Only an address of this app: never another site.
  const target = home.data && /^\/(?![/\\])/.test(home.data) ? home.data : paths.dashboards();
  return <Navigate to={target} replace />;
}
