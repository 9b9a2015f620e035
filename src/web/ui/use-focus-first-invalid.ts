import { useEffect, useRef, useState } from 'react';

/**
 * Brings the first field marked invalid (`aria-invalid="true"`, in page order) inside `container`
 * into view and focuses it, so its message — tied to it by `aria-describedby` — is seen and read
 * out where the doctor's eyes go, not at the top of a long form she scrolled past.
 * @returns whether there was such a field
 */
export function focusFirstInvalidField(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  // Centred, so its label above and its message below show too.
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}

/**
 * For a form that validates on submit: call `focusFirstInvalid()` with the errors just set, and
 * once they are on the screen the first invalid field inside `containerRef` is scrolled to and
 * focused ({@link focusFirstInvalidField}). Focusing in the submit handler itself would be too
 * early: the fields are marked invalid only when React renders the errors.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const containerRef = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalidField(containerRef.current);
  }, [request]);
  return { containerRef, focusFirstInvalid: () => setRequest((count) => count + 1) };
}
