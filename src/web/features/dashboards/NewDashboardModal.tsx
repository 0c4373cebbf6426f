import { Modal } from '@mantine/core';
import { FormFooter } from '../../components/FormFooter';
import { NewDashboardForm } from './newDashboardForm';

/** The dashboards page's "New dashboard" dialog; its fields start afresh each time it opens. */
export function NewDashboardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New dashboard">
      <NewDashboardForm
        autoFocus
        footer={({ canSubmit, pending }) => (
          <FormFooter submitLabel="Create dashboard" onCancel={onClose} pending={pending} disabled={!canSubmit} />
        )}
      />
    </Modal>
  );
}
