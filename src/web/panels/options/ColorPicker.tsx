import { Button, ColorSwatch, Group, Input, Popover, SimpleGrid, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { resolveColor } from '../colors';

const HUES = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];
const SHADES = ['super-light-', 'light-', '', 'semi-dark-', 'dark-'];
/** Grafana's named colours, one column per hue from light to dark, as its colour picker's palette. */
const NAMED_COLORS = SHADES.flatMap((shade) => HUES.map((hue) => `${shade}${hue}`));

/**
 * A colour as Grafana stores it: a name of its palette (`green`, `semi-dark-red`) or any CSS
 * colour typed in. The button shows the colour and its name.
 */
export function ColorPicker(props: { label: string; value: string | undefined; onChange(color: string): void; hideLabel?: boolean }) {
  const [opened, setOpened] = useState(false);
  const [custom, setCustom] = useState('');
  const shown = props.value ?? 'text';
  const choose = (color: string) => {
    props.onChange(color);
    setOpened(false);
  };
  const button = (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          aria-label={`${props.label}: ${shown}`}
          leftSection={<ColorSwatch color={resolveColor(shown)} size={14} />}
          onClick={() => setOpened((o) => !o)}
        >
          {shown}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <SimpleGrid cols={HUES.length} spacing={4} verticalSpacing={4}>
            {NAMED_COLORS.map((name) => (
              <UnstyledButton key={name} aria-label={name} title={name} onClick={() => choose(name)}>
                <ColorSwatch color={resolveColor(name)} size={20} />
              </UnstyledButton>
            ))}
          </SimpleGrid>
          <Group gap={4} align="flex-end">
            <TextInput
              size="xs"
              label="Custom color"
              placeholder="#ff9830"
              value={custom}
              onChange={(e) => setCustom(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && custom.trim()) choose(custom.trim());
              }}
            />
            <Button size="xs" variant="default" disabled={!custom.trim()} onClick={() => choose(custom.trim())}>
              Use
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
  if (props.hideLabel) return button;
  return (
    <Input.Wrapper label={props.label} labelElement="div">
      <div>{button}</div>
    </Input.Wrapper>
  );
}
