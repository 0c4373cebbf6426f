import { Group, Text } from '@mantine/core';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={26} height={26} alt="" />
      <Text fw={700} size="lg">
        Sightline
      </Text>
    </Group>
  );
}
