import { typeInfo, type TypeInfo } from './catalog';

/** A form's field values by request path (`url`, `user`, `jsonData.index`, ...). */
export type FieldValues = Record<string, string | boolean>;

interface BaseField {
  label: string;
  description?: string;
  /** Shown only when this holds for the current values (e.g. Flux fields for InfluxDB 2). */
  visible?: (values: FieldValues) => boolean;
}

/** A field stored in the request at `path`: a top-level key (`url`, `user`, `access`) or `jsonData.<key>`. */
export interface ValueField extends BaseField {
  kind: 'text' | 'url' | 'hostPort' | 'number' | 'duration' | 'select' | 'switch';
  path: string;
  placeholder?: string;
  required?: boolean;
  /** Largest accepted number (kind `number`). */
  max?: number;
  options?: Array<{ value: string; label: string }>;
  /** What the server assumes when the key is absent; the form shows it so. */
  absentValue?: string;
  /** What a new data source starts with, when different from `absentValue`. */
  newValue?: string;
  /** Also written to the top-level `database`, which older Grafana versions and clients read. */
  mirrorsDatabase?: boolean;
}

/** A write-only secret in `secureJsonData.<key>`. */
export interface SecretField extends BaseField {
  kind: 'secret';
  key: string;
  required?: boolean;
  multiline?: boolean;
  placeholder?: string;
}

export type FieldSpec = ValueField | SecretField;

export interface SectionSpec {
  title: string;
  description?: string;
  fields: FieldSpec[];
}

export const secretPath = (key: string) => `secureJsonData.${key}`;
export const fieldPath = (field: FieldSpec) => (field.kind === 'secret' ? secretPath(field.key) : field.path);
export const isVisible = (field: FieldSpec, values: FieldValues) => !field.visible || field.visible(values);

const httpMethod = (absentValue: string): ValueField => ({
  kind: 'select',
  path: 'jsonData.httpMethod',
  label: 'HTTP method',
  description: 'POST allows longer queries; some proxies only let GET through.',
  options: [
    { value: 'POST', label: 'POST' },
    { value: 'GET', label: 'GET' },
  ],
  absentValue,
  newValue: 'POST',
});

function httpSection(info: TypeInfo): SectionSpec {
  return {
    title: 'HTTP',
    fields: [
      {
        kind: 'url',
        path: 'url',
        label: 'URL',
        description: `The address of the ${info.known ? `${info.name} ` : ''}server, as seen from this Sightline server.`,
        placeholder: info.urlExample,
        required: true,
      },
      {
        kind: 'select',
        path: 'access',
        label: 'Access',
        description: 'Server: Sightline calls the data source for the browser. Browser access is deprecated in Grafana.',
        options: [
          { value: 'proxy', label: 'Server (default)' },
          { value: 'direct', label: 'Browser' },
        ],
        absentValue: 'proxy',
      },
      {
        kind: 'number',
        path: 'jsonData.timeout',
        label: 'Timeout (seconds)',
        description: 'How long to wait for an answer, also during the test. Empty: 10 seconds.',
        placeholder: '10',
        max: 300,
      },
      {
        kind: 'switch',
        path: 'jsonData.tlsSkipVerify',
        label: 'Skip TLS certificate verification',
        description: 'Accepts any certificate over https://; use only for self-signed test servers.',
      },
    ],
  };
}

const isFlux = (values: FieldValues) => values['jsonData.version'] === 'Flux';
const verifiesCertificate = (values: FieldValues) =>
  values['jsonData.sslmode'] === 'verify-ca' || values['jsonData.sslmode'] === 'verify-full';

/** The sections made for each type, after the common ones. */
function typeSections(info: TypeInfo): SectionSpec[] {
  switch (info.type) {
    case 'prometheus':
      return [
        {
          title: 'Prometheus',
          fields: [
            httpMethod('GET'),
            {
              kind: 'duration',
              path: 'jsonData.timeInterval',
              label: 'Scrape interval',
              description: 'The scrape interval of this Prometheus, used as the smallest step of queries.',
              placeholder: '15s',
            },
            {
              kind: 'duration',
              path: 'jsonData.queryTimeout',
              label: 'Query timeout',
              description: 'Passed to Prometheus with each query.',
              placeholder: '60s',
            },
          ],
        },
      ];
    case 'loki':
      return [
        {
          title: 'Loki',
          fields: [
            {
              kind: 'number',
              path: 'jsonData.maxLines',
              label: 'Maximum lines',
              description: 'The most log lines a query returns.',
              placeholder: '1000',
            },
          ],
        },
      ];
    case 'elasticsearch':
      return [
        {
          title: 'Elasticsearch details',
          fields: [
            {
              kind: 'text',
              path: 'jsonData.index',
              label: 'Index name',
              description: 'An index or a pattern such as logs-*; the test checks that it exists.',
              placeholder: 'logs-*',
            },
            {
              kind: 'text',
              path: 'jsonData.timeField',
              label: 'Time field name',
              description: 'The field holding each document’s timestamp.',
              placeholder: '@timestamp',
              required: true,
              absentValue: '@timestamp',
            },
            {
              kind: 'text',
              path: 'jsonData.logMessageField',
              label: 'Message field name',
              description: 'For logs: the field holding the message.',
              placeholder: '_source',
            },
            {
              kind: 'text',
              path: 'jsonData.logLevelField',
              label: 'Level field name',
              description: 'For logs: the field holding the level.',
              placeholder: 'level',
            },
          ],
        },
      ];
    case 'influxdb':
      return [
        {
          title: 'InfluxDB details',
          fields: [
            {
              kind: 'select',
              path: 'jsonData.version',
              label: 'Query language',
              description: 'InfluxQL for InfluxDB 1.x (and 2.x with DBRP mappings); Flux for InfluxDB 2.x.',
              options: [
                { value: 'InfluxQL', label: 'InfluxQL' },
                { value: 'Flux', label: 'Flux' },
              ],
              absentValue: 'InfluxQL',
            },
            {
              kind: 'text',
              path: 'jsonData.dbName',
              label: 'Database',
              placeholder: 'telegraf',
              mirrorsDatabase: true,
              visible: (v) => !isFlux(v),
            },
            { kind: 'text', path: 'user', label: 'User', visible: (v) => !isFlux(v) },
            { kind: 'secret', key: 'password', label: 'Password', visible: (v) => !isFlux(v) },
            { ...httpMethod('GET'), visible: (v) => !isFlux(v) },
            { kind: 'text', path: 'jsonData.organization', label: 'Organization', placeholder: 'my-org', visible: isFlux },
            {
              kind: 'secret',
              key: 'token',
              label: 'Token',
              description: 'An InfluxDB API token with read access.',
              required: true,
              visible: isFlux,
            },
            { kind: 'text', path: 'jsonData.defaultBucket', label: 'Default bucket', placeholder: 'my-bucket', visible: isFlux },
          ],
        },
      ];
    case 'graphite':
      return [
        {
          title: 'Graphite details',
          fields: [
            {
              kind: 'select',
              path: 'jsonData.graphiteVersion',
              label: 'Version',
              description: 'The Graphite-web version, which decides the functions offered.',
              options: ['1.1', '1.0', '0.9'].map((v) => ({ value: v, label: v === '1.1' ? '1.1.x' : v === '1.0' ? '1.0.x' : '0.9.x' })),
              absentValue: '1.1',
            },
            {
              kind: 'select',
              path: 'jsonData.graphiteType',
              label: 'Graphite backend type',
              options: [
                { value: 'default', label: 'Default' },
                { value: 'metrictank', label: 'Metrictank' },
              ],
              absentValue: 'default',
            },
          ],
        },
      ];
    default:
      return [];
  }
}

function sqlSections(info: TypeInfo): SectionSpec[] {
  const postgres = info.type === 'grafana-postgresql-datasource';
  const connection: SectionSpec = {
    title: 'Connection',
    fields: [
      {
        kind: 'hostPort',
        path: 'url',
        label: 'Host URL',
        description: 'host:port of the database server, as seen from this Sightline server.',
        placeholder: info.urlExample,
        required: true,
      },
      {
        kind: 'text',
        path: 'jsonData.database',
        label: 'Database name',
        placeholder: postgres ? 'postgres' : 'mysql',
        required: postgres,
        mirrorsDatabase: true,
      },
    ],
  };
  const authentication: SectionSpec = {
    title: 'Authentication',
    fields: [
      {
        kind: 'text',
        path: 'user',
        label: 'Username',
        description: 'Use a user with read-only access to the tables you query.',
        required: true,
      },
      { kind: 'secret', key: 'password', label: 'Password' },
    ],
  };
  if (postgres) {
    authentication.fields.push(
      {
        kind: 'select',
        path: 'jsonData.sslmode',
        label: 'TLS/SSL mode',
        description: 'Whether and how the connection is encrypted, as PostgreSQL’s sslmode.',
        options: [
          { value: 'disable', label: 'disable' },
          { value: 'require', label: 'require' },
          { value: 'verify-ca', label: 'verify-ca' },
          { value: 'verify-full', label: 'verify-full' },
        ],
        absentValue: 'disable',
        newValue: 'require',
      },
      {
        kind: 'secret',
        key: 'tlsCACert',
        label: 'TLS/SSL root certificate',
        description: 'The PEM certificate of the authority that signed the server’s certificate.',
        placeholder: '-----BEGIN CERTIFICATE-----',
        multiline: true,
        visible: verifiesCertificate,
      },
    );
  }
  return [connection, authentication];
}

export interface SettingsLayout {
  info: TypeInfo;
  /** Connection sections before the Auth and HTTP headers blocks (HTTP types) or all of them (SQL). */
  connection: SectionSpec[];
  /** Whether the Auth and HTTP headers blocks apply (HTTP types only). */
  httpAuth: boolean;
  /** The type's own sections, after the common ones. */
  extra: SectionSpec[];
}

export function settingsLayout(type: string): SettingsLayout {
  const info = typeInfo(type);
  if (info.connection === 'sql') return { info, connection: sqlSections(info), httpAuth: false, extra: [] };
  if (info.connection === 'none') return { info, connection: [], httpAuth: false, extra: [] };
  return { info, connection: [httpSection(info)], httpAuth: true, extra: typeSections(info) };
}

export function allFields(layout: SettingsLayout): FieldSpec[] {
  return [...layout.connection, ...layout.extra].flatMap((section) => section.fields);
}
