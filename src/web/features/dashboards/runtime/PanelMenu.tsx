import { ActionIcon, Kbd, Menu } from '@mantine/core';
import {
  IconBell,
  IconBraces,
  IconCompass,
  IconCopy,
  IconCopyPlus,
  IconDotsVertical,
  IconEdit,
  IconExternalLink,
  IconEye,
  IconEyeOff,
  IconFileSearch,
  IconLink,
  IconPencil,
  IconShare,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Grafana's inspector tabs, by the names its `inspectTab` URL parameter uses. */
export const INSPECT_TABS = ['data', 'stats', 'json', 'query'] as const;
export type InspectTab = (typeof INSPECT_TABS)[number];

/** The tab a URL names; Grafana opens Data when it names none it knows. */
export function asInspectTab(value: string | null | undefined): InspectTab {
  return INSPECT_TABS.find((tab) => tab === value) ?? 'data';
}

/** One of the panel's `links`, ready to follow. */
export interface PanelLink {
  title: string;
  href: string;
  newTab: boolean;
}

export interface PanelMenuProps {
  title: string;
  /** The panel's links (Grafana's "Panel links"), listed at the top of the menu. */
  links?: readonly PanelLink[];
  /** Whether this panel is the one shown alone (`viewPanel`): View then reads "Exit view". */
  viewing: boolean;
  /** Whether the viewer may change the dashboard: only then is "Edit panel JSON" offered. */
  canEdit: boolean;
  /** Explore with the panel's queries and the dashboard's time range; absent when the viewer may not explore or there is nothing to query. */
  exploreHref?: string;
  /** The alert rule form prefilled from this panel; absent when the viewer may not write rules or there is nothing to query. */
  newAlertRuleHref?: string;
  onView(): void;
  onInspect(tab: InspectTab): void;
  /** Grafana's panel "Share": a link to this panel alone. */
  onShare?(): void;
  /** In edit mode: the panel editor's address, and duplicating, copying and removing the panel. */
  editing?: { href: string; onDuplicate(): void; onCopy(): void; onRemove(): void };
}

/** The panel header's menu: view the panel alone, inspect its data, query and JSON, edit its JSON. */
export function PanelMenu({
  title,
  links = [],
  viewing,
  canEdit,
  exploreHref,
  newAlertRuleHref,
  onView,
  onInspect,
  onShare,
  editing,
}: PanelMenuProps) {
  const name = title.trim() || 'Untitled panel';
  return (
    // No initial-focus placeholder: it is a focusable child a menu may not have (axe), and without it
    // the keyboard lands on the first item, as the WAI-ARIA menu button pattern asks.
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Menu for panel ${name}`}>
          <IconDotsVertical size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {links.length > 0 && (
          <>
            <Menu.Label>Links</Menu.Label>
            {links.map((link, index) => (
              <Menu.Item
                key={`${index}-${link.href}`}
                component="a"
                href={link.href}
                target={link.newTab ? '_blank' : undefined}
                rel={link.newTab ? 'noopener noreferrer' : undefined}
                leftSection={link.newTab ? <IconExternalLink size={14} aria-hidden /> : <IconLink size={14} aria-hidden />}
              >
                {link.title}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={viewing ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />} onClick={onView}>
          {viewing ? 'Exit view' : 'View'}
        </Menu.Item>
        {editing && (
          <Menu.Item
            component={Link}
            to={editing.href}
            leftSection={<IconPencil size={14} aria-hidden />}
            rightSection={<Kbd size="xs">e</Kbd>}
          >
            Edit
          </Menu.Item>
        )}
        {onShare && (
          <Menu.Item leftSection={<IconShare size={14} aria-hidden />} onClick={onShare}>
            Share
          </Menu.Item>
        )}
        {exploreHref && (
          <Menu.Item component={Link} to={exploreHref} leftSection={<IconCompass size={14} aria-hidden />}>
            Explore
          </Menu.Item>
        )}
        {newAlertRuleHref && (
          <Menu.Item component={Link} to={newAlertRuleHref} leftSection={<IconBell size={14} aria-hidden />}>
            New alert rule
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconTable size={14} aria-hidden />} onClick={() => onInspect('data')}>
          Inspect data
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSearch size={14} aria-hidden />} onClick={() => onInspect('query')}>
          Inspect query
        </Menu.Item>
        <Menu.Item leftSection={<IconBraces size={14} aria-hidden />} onClick={() => onInspect('json')}>
          Panel JSON
        </Menu.Item>
        {canEdit && (
          <Menu.Item leftSection={<IconEdit size={14} aria-hidden />} onClick={() => onInspect('json')}>
            Edit panel JSON
          </Menu.Item>
        )}
        {editing && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconCopyPlus size={14} aria-hidden />} onClick={editing.onDuplicate}>
              Duplicate
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} aria-hidden />} onClick={editing.onCopy}>
              Copy
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={editing.onRemove}>
              Remove
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

export default PanelMenu;
