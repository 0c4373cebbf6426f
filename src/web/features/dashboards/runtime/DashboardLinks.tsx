import { Anchor, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLayoutDashboard, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { searchQueryOptions } from '../../../api/search';
import { linkHref, safeLinkUrl } from '../../../lib/links';
import type { InterpolationScope } from './types';
import { interpolate } from './interpolation';

/** One entry of a dashboard's `links` (Grafana's dashboard links). */
export interface DashboardLinkModel {
  title?: string;
  type?: 'link' | 'dashboards' | string;
  url?: string;
  tags?: string[];
  asDropdown?: boolean;
  includeVars?: boolean;
  keepTime?: boolean;
  targetBlank?: boolean;
  tooltip?: string;
}

export interface DashboardLinksProps {
  links: unknown;
  dashboardUid: string;
  scope: InterpolationScope;
  /** The time range as the URL has it (`now-6h` or epoch ms), for `keepTime`. */
  rawRange: { from: string; to: string };
  /** The variables as the URL has them (`var-<name>`), for `includeVars`. */
  params: URLSearchParams;
}

function asLinks(value: unknown): DashboardLinkModel[] {
  return Array.isArray(value) ? value.filter((link): link is DashboardLinkModel => typeof link === 'object' && link !== null) : [];
}

/** The dashboard's links in the controls bar: plain links, and dashboards found by tag (one by one, or as a dropdown). */
export function DashboardLinks(props: DashboardLinksProps) {
  const links = asLinks(props.links);
  if (links.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="navigation" aria-label="Dashboard links">
      {links.map((link, index) =>
        link.type === 'dashboards' ? (
          <DashboardsByTag key={index} link={link} {...props} />
        ) : (
          <PlainLink key={index} link={link} {...props} />
        ),
      )}
    </Group>
  );
}

function PlainLink({ link, scope, rawRange, params }: DashboardLinksProps & { link: DashboardLinkModel }) {
  const url = safeLinkUrl(interpolate(link.url ?? '', scope));
  if (!url) return null;
  const title = interpolate(link.title ?? '', scope).trim() || url;
  const anchor = (
    <Button
      component="a"
      href={linkHref(url, link, rawRange, params)}
      target={link.targetBlank ? '_blank' : undefined}
      rel={link.targetBlank ? 'noopener noreferrer' : undefined}
      variant="default"
      size="xs"
      leftSection={link.targetBlank ? <IconExternalLink size={14} aria-hidden /> : <IconLink size={14} aria-hidden />}
    >
      {title}
    </Button>
  );
  const tooltip = link.tooltip ? interpolate(link.tooltip, scope) : '';
  return tooltip ? (
    <Tooltip label={tooltip} events={{ hover: true, focus: true, touch: true }}>
      {anchor}
    </Tooltip>
  ) : (
    anchor
  );
}

function DashboardsByTag({ link, dashboardUid, scope, rawRange, params }: DashboardLinksProps & { link: DashboardLinkModel }) {
  const tags = (link.tags ?? []).filter((tag): tag is string => typeof tag === 'string').map((tag) => interpolate(tag, scope));
  const found = useQuery({ ...searchQueryOptions({ words: [], tags, type: 'dash-db', limit: 100 }), staleTime: 60_000 });
  const dashboards = (found.data ?? []).filter((hit) => hit.uid !== dashboardUid);
  const title = interpolate(link.title ?? '', scope).trim() || (tags.length ? tags.join(', ') : 'Dashboards');
  const hrefOf = (url: string) => linkHref(url, link, rawRange, params);
  if (found.isError) {
    return (
      <Text size="xs" c="var(--mantine-color-error)">
        {title}: the dashboards could not be listed
      </Text>
    );
  }
  if (link.asDropdown) {
    return (
      <Menu position="bottom-start" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} aria-hidden />} loading={found.isPending}>
            {title}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {dashboards.length === 0 ? (
            <Menu.Label>No dashboards with {tags.length === 1 ? 'this tag' : 'these tags'}</Menu.Label>
          ) : (
            dashboards.map((hit) => (
              <Menu.Item
                key={hit.uid}
                component={Link}
                to={hrefOf(hit.url)}
                target={link.targetBlank ? '_blank' : undefined}
                leftSection={<IconLayoutDashboard size={14} aria-hidden />}
              >
                {hit.title}
              </Menu.Item>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <>
      {dashboards.map((hit) => (
        <Anchor
          key={hit.uid}
          component={Link}
          to={hrefOf(hit.url)}
          target={link.targetBlank ? '_blank' : undefined}
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconLayoutDashboard size={14} aria-hidden />
          {hit.title}
        </Anchor>
      ))}
    </>
  );
}
