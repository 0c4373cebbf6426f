import { Button, CopyButton, Group, Modal, SegmentedControl, Skeleton, Stack, Textarea } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/States';
import { ruleExportQueryOptions, type ExportFormat } from '../api/rules';

function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The rule as a provisioning file (the server's export), to copy or download. */
export function ExportModal({ uid, title, opened, onClose }: { uid: string; title: string; opened: boolean; onClose: () => void }) {
  const [format, setFormat] = useState<ExportFormat>('yaml');
  const exported = useQuery({ ...ruleExportQueryOptions(uid, format), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={`Export “${title}”`} size="xl">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Format"
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
          data={[
            { value: 'yaml', label: 'YAML' },
            { value: 'json', label: 'JSON' },
          ]}
        />
        {exported.isPending ? (
          <Skeleton height={300} role="status" aria-label="Loading the export" />
        ) : exported.isError ? (
          <ErrorState error={exported.error} title="Could not export the rule" />
        ) : (
          <Textarea
            label={`Provisioning file (${format.toUpperCase()})`}
            value={exported.data}
            readOnly
            autosize
            minRows={10}
            maxRows={24}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
        )}
        <Group justify="flex-end">
          <CopyButton value={exported.data ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy} disabled={!exported.data}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!exported.data}
            onClick={() => download(exported.data ?? '', `${uid}.${format}`, format === 'yaml' ? 'application/yaml' : 'application/json')}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
