import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AnnotationDraft } from './AnnotationForm';
import { useCreateAnnotation, useUpdateAnnotation } from './api';

/** The annotation being added or edited in the form, and its save. */
export function useAnnotationDraft({ onCreated }: { onCreated: (id: number) => void }) {
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const create = useCreateAnnotation();
  const update = useUpdateAnnotation();

  const open = (next: AnnotationDraft) => {
    create.reset();
    update.reset();
    setDraft(next);
  };
  const saved = (title: string, text: string) => {
    notifications.show({ color: 'green', title, message: text.slice(0, 80) });
    setDraft(null);
  };
  const submit = (value: AnnotationDraft) => {
    const { text, tags, time, timeEnd } = value;
    if (value.id !== undefined) {
      update.mutate({ id: value.id, patch: { text, tags, time, timeEnd } }, { onSuccess: () => saved('Annotation updated', text) });
    } else {
      create.mutate(
        { text, tags, time, timeEnd, dashboardUID: value.dashboardUID, panelId: value.panelId },
        {
          onSuccess: (result) => {
            saved('Annotation added', text);
            onCreated(result.id);
          },
        },
      );
    }
  };
  return {
    draft,
    open,
    close: () => setDraft(null),
    submit,
    saving: create.isPending || update.isPending,
    error: create.error ?? update.error,
  };
}
