import { Button, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconChevronDown, IconRefresh } from '@tabler/icons-react';
import { REFRESH_INTERVALS } from './time';

/**
 * Grafana's refresh picker: "refresh now" joined to a menu of auto-refresh intervals whose button
 * reads the interval in force ("30s", or "Off"), so it can be read at a glance.
 */
export function RefreshPicker({
  refresh,
  refreshing,
  onRefreshChange,
  onRefreshNow,
  choices,
}: {
  /** The auto-refresh interval (`30s`), '' for off. */
  refresh: string;
  refreshing: boolean;
  onRefreshChange(refresh: string): void;
  onRefreshNow(): void;
  /** The dashboard's own choices (`timepicker.refresh_intervals`), instead of Grafana's list; Off is always offered. */
  choices?: readonly string[];
}) {
  const current = refresh || 'Off';
  // A dashboard may refresh at an interval the list does not offer (`2m`): it still shows, and stays picked.
  const intervals: string[] = choices ? ['', ...choices.filter((c) => c !== '')] : [...REFRESH_INTERVALS];
  if (refresh && !intervals.includes(refresh)) intervals.push(refresh);
  return (
    <Button.Group>
      <Tooltip label="Refresh dashboard">
        <Button variant="default" size="xs" px={8} aria-label="Refresh dashboard" onClick={onRefreshNow} loading={refreshing}>
          <IconRefresh size={16} aria-hidden />
        </Button>
      </Tooltip>
      <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            px={8}
            miw={56}
            aria-label={`Auto refresh: ${current}`}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            styles={{ section: { marginInlineStart: 4 } }}
          >
            {current}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Auto refresh</Menu.Label>
          {intervals.map((interval) => {
            const picked = interval === refresh;
            return (
              <Menu.Item
                key={interval || 'off'}
                // Mantine's items are always `menuitem` (no `aria-checked` there): the picked one is the current one.
                aria-current={picked || undefined}
                onClick={() => onRefreshChange(interval)}
                leftSection={<IconCheck size={14} aria-hidden style={{ visibility: picked ? 'visible' : 'hidden' }} />}
                fw={picked ? 700 : undefined}
              >
                {interval || 'Off'}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}
