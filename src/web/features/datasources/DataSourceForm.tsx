import { Alert, Group, Input, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TypeIcon } from './catalog';
import type { FieldErrors, FormState } from './form';
import { settingsLayout } from './settings';
import { AuthSection, HeadersSection, SettingsBlock, SpecSection } from './SettingsSections';

interface DataSourceFormProps {
  /** The stored type (an alias such as `postgres` is shown as its canonical type). */
  type: string;
  state: FormState;
  onChange: (next: FormState) => void;
  errors: FieldErrors;
  readOnly: boolean;
  /** Shown beside the type, e.g. a way back to the type picker. */
  typeAction?: ReactNode;
}

/** Every setting of a data source, laid out as Grafana does: name, then connection, auth, the type's own. */
export function DataSourceForm({ type, state, onChange, errors, readOnly, typeAction }: DataSourceFormProps) {
  const layout = settingsLayout(type);
  const { info } = layout;
  const sectionProps = { state, onChange, errors, readOnly };
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Input.Wrapper id="datasource-type" label="Type" labelElement="div" error={errors.type}>
            <Group
              gap="sm"
              mt={6}
              role="group"
              aria-labelledby="datasource-type-label"
              aria-describedby={errors.type ? 'datasource-type-error' : undefined}
              wrap="nowrap"
            >
              <TypeIcon type={type} size="xl" />
              <div>
                <Text fw={600}>{info.name}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {type}
                </Text>
              </div>
              {typeAction}
            </Group>
          </Input.Wrapper>
          <Group align="flex-start" gap="lg">
            <TextInput
              label="Name"
              description="How dashboards and people refer to this data source."
              value={state.name}
              onChange={(event) => onChange({ ...state, name: event.currentTarget.value })}
              error={errors.name}
              readOnly={readOnly}
              required
              autoComplete="off"
              style={{ flex: 1, minWidth: 240 }}
            />
            <Switch
              label="Default"
              description="Used by panels that name no data source."
              checked={state.isDefault}
              onChange={(event) => onChange({ ...state, isDefault: event.currentTarget.checked })}
              disabled={readOnly}
              mt={4}
              maw={220}
            />
          </Group>
        </Stack>
      </Paper>

      {!info.known && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} role="note" title="Common settings only">
          This server has no settings made for the type “{type}”: the common HTTP settings are shown, and other settings are kept as they
          are.
        </Alert>
      )}

      {info.connection === 'none' && (
        <SettingsBlock title="Connection">
          <Text size="sm">{info.name} generates its data itself: it needs no address or credentials.</Text>
        </SettingsBlock>
      )}
      {layout.connection.map((section) => (
        <SpecSection key={section.title} section={section} {...sectionProps} />
      ))}
      {layout.httpAuth && <AuthSection {...sectionProps} />}
      {layout.httpAuth && <HeadersSection {...sectionProps} />}
      {layout.extra.map((section) => (
        <SpecSection key={section.title} section={section} {...sectionProps} />
      ))}
    </Stack>
  );
}
