/**
 * How a control the user (or a link) filled with something it does not accept is shown, the
 * same in the settings form and an experiment's parameters: the value stays as typed,
 * `aria-invalid="true"`, and a note beside it says what is allowed and what runs instead.
 * Nothing is reverted behind the user's back.
 */

/** Flags `input` invalid with `message` in a note beside it (tied by aria-describedby). */
export function flagInvalid(input: HTMLElement, message: string): void {
  input.setAttribute('aria-invalid', 'true');
  const note = noteFor(input);
  note.textContent = message;
  note.hidden = false;
  input.setAttribute('aria-describedby', note.id);
}

/** Clears what {@link flagInvalid} set. */
export function clearInvalid(input: HTMLElement): void {
  input.removeAttribute('aria-invalid');
  input.removeAttribute('aria-describedby');
  const note = document.getElementById(`${input.id}-note`);
  if (note) {
    note.textContent = '';
    note.hidden = true;
  }
}

/** Whether `input` is flagged invalid. */
export function isInvalid(input: Element): boolean {
  return input.getAttribute('aria-invalid') === 'true';
}

/** The note after `input` in its field, created on first use. */
function noteFor(input: HTMLElement): HTMLElement {
  const id = `${input.id}-note`;
  let note = document.getElementById(id);
  if (!note) {
    note = document.createElement('span');
    note.id = id;
    note.className = 'invalid-note';
    note.setAttribute('aria-live', 'polite');
    input.after(note);
  }
  return note;
}
