import { ThemeIcon, type MantineColor } from '@mantine/core';
import {
  IconBrandElastic,
  IconBrandMysql,
  IconChartLine,
  IconDatabase,
  IconFlame,
  IconFlask,
  IconLogs,
  IconPlug,
  IconRoute,
  IconTimeline,
  type Icon,
} from '@tabler/icons-react';
import {
  dataSourceTypeAliases,
  dataSourceTypes,
  knownDataSourceTypes,
  sqlDataSourceTypes,
  type DataSourceType,
} from '../../../contract/datasources';

/** How a type connects: an HTTP API, a database socket (`host:port`), or nothing at all. */
export type ConnectionKind = 'http' | 'sql' | 'none';

export type TypeCategory = 'Time series databases' | 'Logging & document databases' | 'Distributed tracing' | 'SQL' | 'Others';
export const typeCategories: TypeCategory[] = [
  'Time series databases',
  'Logging & document databases',
  'Distributed tracing',
  'SQL',
  'Others',
];

export interface TypeInfo {
  /** The canonical type (aliases resolved), or the type as stored when Sightline does not know it. */
  type: string;
  known: boolean;
  name: string;
  description: string;
  category: TypeCategory;
  connection: ConnectionKind;
  /** An example address for the URL field. */
  urlExample: string;
  icon: Icon;
  color: MantineColor;
}

const details: Record<DataSourceType, Omit<TypeInfo, 'type' | 'known' | 'name' | 'connection'>> = {
  prometheus: {
    description: 'Open-source metrics and alerting toolkit',
    category: 'Time series databases',
    urlExample: 'http://localhost:9090',
    icon: IconFlame,
    color: 'orange',
  },
  graphite: {
    description: 'Metrics stored by Graphite or carbonapi',
    category: 'Time series databases',
    urlExample: 'http://localhost:8080',
    icon: IconChartLine,
    color: 'indigo',
  },
  influxdb: {
    description: 'InfluxDB 1.x (InfluxQL) or 2.x (Flux)',
    category: 'Time series databases',
    urlExample: 'http://localhost:8086',
    icon: IconTimeline,
    color: 'violet',
  },
  loki: {
    description: 'Logs from Grafana Loki',
    category: 'Logging & document databases',
    urlExample: 'http://localhost:3100',
    icon: IconLogs,
    color: 'yellow',
  },
  elasticsearch: {
    description: 'Logs and documents in Elasticsearch indices',
    category: 'Logging & document databases',
    urlExample: 'http://localhost:9200',
    icon: IconBrandElastic,
    color: 'teal',
  },
  tempo: {
    description: 'Traces from Grafana Tempo',
    category: 'Distributed tracing',
    urlExample: 'http://localhost:3200',
    icon: IconRoute,
    color: 'pink',
  },
  'grafana-postgresql-datasource': {
    description: 'PostgreSQL and compatible databases',
    category: 'SQL',
    urlExample: 'localhost:5432',
    icon: IconDatabase,
    color: 'blue',
  },
  mysql: { description: 'MySQL and MariaDB', category: 'SQL', urlExample: 'localhost:3306', icon: IconBrandMysql, color: 'cyan' },
  'grafana-testdata-datasource': {
    description: 'Generated test data, no server needed',
    category: 'Others',
    urlExample: '',
    icon: IconFlask,
    color: 'grape',
  },
};

/** The canonical type for a name or one of its aliases; undefined when unknown. */
export function resolveType(type: string): DataSourceType | undefined {
  if (Object.hasOwn(dataSourceTypes, type)) return type as DataSourceType;
  return Object.hasOwn(dataSourceTypeAliases, type) ? dataSourceTypeAliases[type] : undefined;
}

/** What the UI knows about a type; an unknown type gets the generic HTTP settings. */
export function typeInfo(type: string): TypeInfo {
  const known = resolveType(type);
  if (!known) {
    return {
      type,
      known: false,
      name: type,
      description: 'A plugin type this server has no settings page for',
      category: 'Others',
      connection: 'http',
      urlExample: 'http://localhost:8080',
      icon: IconPlug,
      color: 'gray',
    };
  }
  const connection: ConnectionKind = sqlDataSourceTypes.includes(known) ? 'sql' : known === 'grafana-testdata-datasource' ? 'none' : 'http';
  return { type: known, known: true, name: dataSourceTypes[known], connection, ...details[known] };
}

export const knownTypeInfos: TypeInfo[] = knownDataSourceTypes.map(typeInfo);

/** The type's icon on a tinted square; decorative, the type's name is always written beside it. */
export function TypeIcon({ type, size = 'lg' }: { type: string; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const info = typeInfo(type);
  const Glyph = info.icon;
  const px = { sm: 14, md: 16, lg: 20, xl: 26 }[size];
  return (
    <ThemeIcon variant="light" color={info.color} size={size} radius="sm" aria-hidden>
      <Glyph size={px} />
    </ThemeIcon>
  );
}
