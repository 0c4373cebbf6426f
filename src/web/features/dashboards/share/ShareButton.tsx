import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyComponent } from '../../../lib/lazyComponent';
import { urlTimeState } from '../runtime/useDashboardState';

const ShareModal = lazyComponent(() => import('./ShareModal'));

/** The dashboard header's "Share": the dialog (and its export code) loads on the first click. */
export function ShareDashboardButton({ model, title }: { model: Record<string, unknown>; title: string }) {
  const [opened, setOpened] = useState(false);
  const [params] = useSearchParams();
  const { raw, timeZone } = urlTimeState(model, params);
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Share
      </Button>
      {opened && <ShareModal opened onClose={() => setOpened(false)} title={title} raw={raw} timeZone={timeZone} model={model} />}
    </>
  );
}
