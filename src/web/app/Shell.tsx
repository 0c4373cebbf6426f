import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  Progress,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCompass,
  IconDatabase,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconMessage2,
  IconMoon,
  IconRobot,
  IconSun,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, NavLink as RouterNavLink, Outlet, useNavigate, useNavigation } from 'react-router-dom';
import { signOut } from '../api/session';
import { Logo } from '../components/Logo';
import { paths } from './paths';
import { useSession } from './useSession';

const sections = [
  { to: paths.dashboards(), label: 'Dashboards', icon: IconLayoutDashboard },
  { to: paths.explore(), label: 'Explore', icon: IconCompass },
  { to: paths.dataSources(), label: 'Data sources', icon: IconDatabase },
  { to: paths.serviceAccounts(), label: 'Service accounts', icon: IconRobot },
  { to: paths.users(), label: 'Users', icon: IconUsers },
  { to: paths.teams(), label: 'Teams', icon: IconUsersGroup },
  { to: paths.annotations(), label: 'Annotations', icon: IconMessage2 },
];

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
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

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        {navigation.state === 'loading' && (
          <Progress value={100} animated size="xs" radius={0} pos="absolute" top={0} left={0} right={0} aria-label="Loading page" />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Logo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap={6} wrap="nowrap" visibleFrom="xs">
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
            </Group>
            <ThemeToggle />
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
              title={`Sign out ${session?.login ?? ''} in every tab`}
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void signOut().then(() => navigate(paths.login(), { replace: true }))}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        {sections.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            component={RouterNavLink}
            to={to}
            label={label}
            variant="filled"
            leftSection={<Icon size={18} aria-hidden />}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
