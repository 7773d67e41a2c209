/** The note a result gets when nothing in it has a value (pipeline.ts `emptyResultNotes`). */
export const NOTHING_FOUND = 'Nothing was found';

/** Whether a note is that one: stale once any answer has a value (a remembered one, DESIGN §14). */
export function isNothingFoundNote(note: string): boolean {
  return note.startsWith(`${NOTHING_FOUND}:`);
}
