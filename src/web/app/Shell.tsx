import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  Progress,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconBuilding,
  IconBellOff,
  IconCompass,
  IconLibrary,
  IconListDetails,
  IconMailForward,
  IconDatabase,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconMessage2,
  IconMoon,
  IconRobot,
  IconSitemap,
  IconSun,
  IconTemplate,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import type { OrgRole } from '../../contract/roles';
import { signOut } from '../api/session';
import { Logo } from '../components/Logo';
import { isKiosk } from '../lib/kiosk';
import { lazyComponent } from '../lib/lazyComponent';
import { paths } from './paths';
import classes from './Shell.module.css';
import { roleAtLeast, useSession } from './useSession';

/** `minimumRole`: shown only to those who can use the page (Grafana keeps Explore from Viewers). */
const sections: Array<{ to: string; label: string; icon: typeof IconCompass; minimumRole?: OrgRole }> = [
  { to: paths.dashboards(), label: 'Dashboards', icon: IconLayoutDashboard },
  { to: paths.libraryPanels(), label: 'Library panels', icon: IconLibrary },
  { to: paths.explore(), label: 'Explore', icon: IconCompass, minimumRole: 'Editor' },
  { to: paths.dataSources(), label: 'Data sources', icon: IconDatabase },
  { to: paths.serviceAccounts(), label: 'Service accounts', icon: IconRobot },
  { to: paths.users(), label: 'Users', icon: IconUsers },
  { to: paths.teams(), label: 'Teams', icon: IconUsersGroup },
  { to: paths.annotations(), label: 'Annotations', icon: IconMessage2 },
  { to: paths.org(), label: 'Organization', icon: IconBuilding, minimumRole: 'Admin' },
];

/** The pages under "Alerting"; each page adds its one line here. */
const alertingPages = [
  { to: paths.alertRules(), label: 'Alert rules', icon: IconListDetails },
  { to: paths.contactPoints(), label: 'Contact points', icon: IconMailForward },
  { to: paths.notificationTemplates(), label: 'Notification templates', icon: IconTemplate },
  { to: paths.notificationPolicies(), label: 'Notification policies', icon: IconSitemap },
  { to: paths.silences(), label: 'Silences', icon: IconBellOff },
];

/**
 * One link a page; choosing one closes the menu on a phone. The current page is the one whose
 * address starts this one's the longest way: the notification templates, under the contact
 * points' address, are not also the contact points.
 */
function PageLinks({ pages, onNavigate }: { pages: typeof sections; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const current = pages
    .filter(({ to }) => pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`))
    .reduce<string | undefined>((longest, { to }) => (longest === undefined || to.length > longest.length ? to : longest), undefined);
  return pages.map(({ to, label, icon: Icon }) => (
    <NavLink
      key={to}
      component={Link}
      to={to}
      aria-current={to === current ? 'page' : undefined}
      label={label}
      variant="filled"
      leftSection={<Icon size={18} aria-hidden />}
      onClick={onNavigate}
    />
  ));
}

// Its own chunk: pages that never show alerting download none of its code up front.
const FiringCount = lazyComponent(() => import('../features/alerting/FiringCount'));
// Applies the effective theme once it is known: its own chunk, after the page's first paint.
const ApplyPreferences = lazyComponent(() => import('./ApplyPreferences'));

/** Switches the theme, and keeps the choice as the account's own preference (Grafana's profile theme). */
function ThemeToggle({ withText = false }: { withText?: boolean }) {
  const { setColorScheme: applyScheme } = useMantineColorScheme();
  const queryClient = useQueryClient();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const setColorScheme = (theme: 'light' | 'dark') => {
    applyScheme(theme);
    // Loaded on the first switch: the save needs the API client, which the header does not.
    void import('../api/preferences').then(({ savePreferredTheme }) => savePreferredTheme(queryClient, theme)).catch(() => undefined);
  };
  if (withText)
    return (
      <Button
        variant="default"
        justify="flex-start"
        leftSection={scheme === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
        onClick={() => setColorScheme(next)}
      >
        Switch to {next} theme
      </Button>
    );
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}

/** The frame of every page after connecting: header with org and role, navigation, main area. */
export function Shell() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const inAlerting = useLocation().pathname.startsWith('/alerting');
  // Kiosk mode (Grafana's `?kiosk`) shows the page alone: no header, no navigation. The page
  // itself stays mounted, so switching kiosk on or off keeps what it holds.
  const [params] = useSearchParams();
  const kiosk = isKiosk(params);
  // Grafana's breakpoint: below 769 px the account's buttons move from the header into the menu.
  // Read at once, so a phone never draws the desktop header first.
  const phone = useMediaQuery('(max-width: 768.98px)', undefined, { getInitialValueInEffect: false }) ?? false;
  const signOutEverywhere = () => void signOut().then(() => navigate(paths.login(), { replace: true }));
  const signOutTitle = `Sign out ${session?.login ?? ''} in every tab`;
  const orgAndRole = (
    <>
      <Text size="sm" fw={600} data-testid="org-name">
        {session?.orgName}
      </Text>
      <Badge
        variant="dot"
        color={session?.role === 'Admin' ? 'grape' : session?.role === 'Editor' ? 'teal' : 'gray'}
        aria-label={`Role: ${session?.role}`}
      >
        {session?.role}
      </Badge>
    </>
  );

  return (
    <AppShell
      header={{ height: 56, collapsed: kiosk }}
      // Grafana's breakpoint: below 769 px the navigation folds into the menu (as `phone` says).
      navbar={{ width: 232, breakpoint: 769, collapsed: { mobile: kiosk || !opened, desktop: kiosk } }}
      padding={kiosk ? 'xs' : { base: 'sm', sm: 'md' }}
    >
      {!kiosk && (
        <AppShell.Header>
          {navigation.state === 'loading' && (
            <Progress value={100} animated size="xs" radius={0} pos="absolute" top={0} left={0} right={0} aria-label="Loading page" />
          )}
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {phone && (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  size="sm"
                  aria-label={opened ? 'Close menu' : 'Open menu'}
                  aria-expanded={opened}
                  aria-controls="app-navigation"
                />
              )}
              <Logo />
            </Group>
            {!phone && (
              <Group gap="sm" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  {orgAndRole}
                </Group>
                <ThemeToggle />
                <ActionIcon
                  component={Link}
                  to={paths.profile()}
                  variant="default"
                  size="lg"
                  aria-label={`Profile and preferences of ${session?.login ?? ''}`}
                  title="Profile and preferences"
                >
                  <IconUser size={18} aria-hidden />
                </ActionIcon>
                {/* Only people have passwords: a token session is a service account's. Buttons, not a
                menu: a menu's positioning code would add to every page's first download. */}
                {session?.kind === 'cookie' && (
                  <ActionIcon
                    component={Link}
                    to={paths.changePassword()}
                    variant="default"
                    size="lg"
                    aria-label={`Change password of ${session.login}`}
                    title="Change password"
                  >
                    <IconKey size={18} aria-hidden />
                  </ActionIcon>
                )}
                <Button
                  variant="default"
                  title={signOutTitle}
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={signOutEverywhere}
                >
                  Sign out
                </Button>
              </Group>
            )}
          </Group>
        </AppShell.Header>
      )}
      {!kiosk && (
        <AppShell.Navbar p="sm" aria-label="Sections" id="app-navigation" style={phone && !opened ? { visibility: 'hidden' } : undefined}>
          <PageLinks
            pages={sections.filter((page) => !page.minimumRole || roleAtLeast(session?.role, page.minimumRole))}
            onNavigate={close}
          />
          <NavLink
            component="button"
            type="button"
            label={
              <Group gap={6} wrap="nowrap" component="span">
                Alerting
                <FiringCount />
              </Group>
            }
            leftSection={<IconAlertTriangle size={18} aria-hidden />}
            defaultOpened={inAlerting}
            childrenOffset="md"
          >
            <PageLinks pages={alertingPages} onNavigate={close} />
          </NavLink>
          {/* On a phone the header has no room for the account: it is at the end of the menu. */}
          {phone && (
            <Stack gap="xs" mt="auto" pt="sm" className={classes.account} role="group" aria-label="Account">
              <Group gap={6} wrap="nowrap">
                {orgAndRole}
              </Group>
              <ThemeToggle withText />
              <Button
                component={Link}
                to={paths.profile()}
                variant="default"
                justify="flex-start"
                leftSection={<IconUser size={16} aria-hidden />}
                onClick={close}
              >
                Profile and preferences
              </Button>
              {session?.kind === 'cookie' && (
                <Button
                  component={Link}
                  to={paths.changePassword()}
                  variant="default"
                  justify="flex-start"
                  leftSection={<IconKey size={16} aria-hidden />}
                  onClick={close}
                >
                  Change password
                </Button>
              )}
              <Button
                variant="default"
                justify="flex-start"
                title={signOutTitle}
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={signOutEverywhere}
              >
                Sign out
              </Button>
            </Stack>
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <ApplyPreferences />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
