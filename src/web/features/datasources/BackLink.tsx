import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

/** Back to the list, above a data source's page. */
export function BackLink() {
  return (
    <Anchor component={Link} to={paths.dataSources()} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All data sources
      </Group>
    </Anchor>
  );
}
