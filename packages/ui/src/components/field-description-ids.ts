/** The `aria-describedby` value matching what `Field` renders under the control. */
export function fieldDescriptionIds(id: string, hint: unknown, error: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
