import { useEffect, useState } from 'react';
import type { FieldErrors } from './form';

interface SaveProblems {
  fieldErrors: FieldErrors;
  formErrors: string[];
}

/**
 * Moves the person to the first field a refusal marked (`aria-invalid`), in the order the form
 * shows them: the fields may be scrolled far above the buttons, where a message alone goes unseen.
 */
function focusFirstInvalidField() {
  const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
  if (!field) return;
  // jsdom has no scrollIntoView.
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * Why the last save was refused, as the form shows it: messages under their fields, the rest above
 * the buttons. `show` replaces both with a check's or the server's, and moves focus to the first
 * field with a message; `clear` empties both.
 */
export function useSaveProblems() {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // Counts the refusals that named a field; each one moves focus once its messages are drawn.
  const [fieldRefusals, setFieldRefusals] = useState(0);
  useEffect(() => {
    if (fieldRefusals > 0) focusFirstInvalidField();
  }, [fieldRefusals]);
  const show = (problems: SaveProblems) => {
    setFieldErrors(problems.fieldErrors);
    setFormErrors(problems.formErrors);
    if (Object.keys(problems.fieldErrors).length > 0) setFieldRefusals((count) => count + 1);
  };
  return { fieldErrors, formErrors, show, clear: () => show({ fieldErrors: {}, formErrors: [] }) };
}
