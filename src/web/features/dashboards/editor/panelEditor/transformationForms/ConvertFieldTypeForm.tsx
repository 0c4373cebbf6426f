import { Button, Group, Stack } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TooltipIconButton } from '../../../../../components/TooltipIconButton';
import { OptionText } from './OptionControls';
import { OptionSelect } from './OptionPickers';
import { obj, str, type Options, type OptionsFormProps } from './optionValues';

const TYPES = [
  { value: 'number', label: 'Number' },
  { value: 'string', label: 'String' },
  { value: 'time', label: 'Time' },
  { value: 'boolean', label: 'Boolean' },
  { value: 'other', label: 'Other (JSON)' },
];

/**
 * Convert field type, as Grafana's editor: any number of conversions, each a field, the type it
 * becomes and, for a time, the format its text is read with (or, to a string, the format a time is
 * written with, and what array values are joined with).
 */
export function ConvertFieldTypeForm({ options, fields, set }: OptionsFormProps) {
  const conversions = Array.isArray(options.conversions) ? options.conversions.map(obj) : [];
  const change = (index: number, patch: Options, field?: string) =>
    set({ conversions: conversions.map((c, i) => (i === index ? { ...c, ...patch } : c)) }, field && `conversion-${index}-${field}`);
  return (
    <Stack gap="xs">
      {conversions.map((conversion, index) => {
        const name = `Conversion ${index + 1}`;
        const type = str(conversion.destinationType);
        return (
          <Group key={index} role="group" aria-label={name} gap="sm" align="flex-end" wrap="wrap">
            <OptionSelect
              label="Field"
              data={[...new Set([...fields, ...(str(conversion.targetField) ? [str(conversion.targetField)] : [])])]}
              value={str(conversion.targetField)}
              searchable
              onChange={(targetField) => change(index, { targetField: targetField ?? undefined, dateFormat: undefined })}
              w={200}
            />
            <OptionSelect label="As" data={TYPES} value={type} onChange={(destinationType) => change(index, { destinationType })} w={150} />
            {type === 'time' && (
              <OptionText
                label="Input format (YYYY-MM-DD…)"
                value={str(conversion.dateFormat)}
                onChange={(dateFormat) => change(index, { dateFormat: dateFormat || undefined }, 'dateFormat')}
                w={200}
              />
            )}
            {type === 'string' && (
              <>
                <OptionText
                  label="Date format (of a time)"
                  value={str(conversion.dateFormat)}
                  onChange={(dateFormat) => change(index, { dateFormat: dateFormat || undefined }, 'dateFormat')}
                  w={180}
                />
                <OptionText
                  label="Join arrays with"
                  value={str(conversion.joinWith)}
                  onChange={(joinWith) => change(index, { joinWith: joinWith || undefined }, 'joinWith')}
                  w={130}
                />
              </>
            )}
            <TooltipIconButton
              label={`Remove ${name.toLowerCase()}`}
              onClick={() => set({ conversions: conversions.filter((_, i) => i !== index) })}
            >
              <IconTrash size={16} aria-hidden />
            </TooltipIconButton>
          </Group>
        );
      })}
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => set({ conversions: [...conversions, {}] })}
      >
        Convert field type
      </Button>
    </Stack>
  );
}
