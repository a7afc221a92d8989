/** Inputs that take no typing: keys pressed on them may as well move the visitor. */
const keylessInputTypes = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/**
 * Whether an element is a text field of the page (input, textarea, select, contenteditable) and
 * not part of the engine's own box: while one has focus, typing belongs to the page (platform.md §4).
 */
export function isPageTextField(target: EventTarget | null, engineBox: Element | null): boolean {
  if (!(target instanceof Element)) return false;
  if (engineBox?.contains(target)) return false;
  if (target instanceof HTMLInputElement) return !keylessInputTypes.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // The nearest contenteditable decides (jsdom has no isContentEditable).
  const editable = target.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * Calls `onChange(true)` when a text field of the page gains focus and `onChange(false)` when focus
 * leaves the page's text fields, including at once when one already has focus. Moving from one
 * field to another reports nothing. Returns the function that stops watching.
 */
export function watchPageTextFocus(
  doc: Document,
  engineBox: Element | null,
  onChange: (focused: boolean) => void,
): () => void {
  const onFocusIn = (event: FocusEvent) => {
    if (isPageTextField(event.target, engineBox) && !isPageTextField(event.relatedTarget, engineBox)) {
      onChange(true);
    }
  };
  const onFocusOut = (event: FocusEvent) => {
    if (isPageTextField(event.target, engineBox) && !isPageTextField(event.relatedTarget, engineBox)) {
      onChange(false);
    }
  };
  if (isPageTextField(doc.activeElement, engineBox)) onChange(true);
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
