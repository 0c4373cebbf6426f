import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from './paths';

/** What a page shows when it crashes: the error, and ways out, never a blank screen. */
export function PageError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {notFound ? 'Page not found' : 'This page failed'}
      </Title>
      <Alert color={notFound ? 'gray' : 'red'} variant="light" icon={<IconBug aria-hidden />} role="alert">
        <Stack gap="xs">
          <Text size="sm">{notFound ? 'There is nothing at this address.' : 'Something went wrong while showing this page:'}</Text>
          {!notFound && <Code block>{message}</Code>}
        </Stack>
      </Alert>
      <Stack gap="xs" align="flex-start">
        {!notFound && <Button onClick={() => window.location.reload()}>Reload the page</Button>}
        <Button component={Link} to={paths.dashboards()} variant="default">
          Go to dashboards
        </Button>
      </Stack>
    </Stack>
  );
}
