/** The workspace's keyboard shortcuts, as the "?" dialog lists them. */
export const SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['j', '↓'], action: 'Next row (or next task in the queue)' },
  { keys: ['k', '↑'], action: 'Previous row (or previous task)' },
  { keys: ['Enter'], action: 'Edit the selected row / start the selected task' },
  { keys: ['Esc'], action: 'Cancel the edit, close a dialog' },
  { keys: ['a'], action: 'Accept AI Result / Submit Edited Response' },
  { keys: ['s'], action: 'Skip the task' },
  { keys: ['r'], action: 'Reject the task' },
  { keys: ['n'], action: 'Open the next task' },
  { keys: ['c'], action: 'Next field to check (marked ●)' },
  { keys: ['+'], action: 'Add a row' },
  { keys: ['u'], action: 'Revert to AI Result' },
  { keys: ['b'], action: 'Back to Queue' },
  { keys: ['/'], action: 'Search the queue' },
  { keys: ['q'], action: 'Go to the queue' },
  { keys: ['f'], action: 'Switch overview / focus view' },
  { keys: ['p'], action: 'Show or hide Performance' },
  { keys: ['?'], action: 'Show these shortcuts' },
];

/** Keys typed into a field belong to the field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(type);
}
