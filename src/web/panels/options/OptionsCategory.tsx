import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

/** One collapsible group of options, as Grafana's `OptionsPaneCategory`. */
export function OptionsCategory(props: { title: string; open: boolean; onToggle(): void; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <UnstyledButton
        id={`${id}-title`}
        aria-expanded={props.open}
        aria-controls={props.open ? id : undefined}
        onClick={props.onToggle}
        py={8}
        w="100%"
        style={{ display: 'flex', alignItems: 'center', gap: 6 }}
      >
        {props.open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        <Text fw={500} size="sm">
          {props.title}
        </Text>
      </UnstyledButton>
      {props.open && (
        <Stack gap="sm" pb="md" pl="lg" id={id}>
          {props.children}
        </Stack>
      )}
    </Box>
  );
}
