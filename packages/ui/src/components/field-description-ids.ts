/** The `aria-describedby` value matching the message `Field` renders under the control. */
export function fieldDescriptionIds(
  id: string,
  { hint, warning, error }: { hint?: unknown; warning?: unknown; error?: unknown },
): string | undefined {
  if (error) return `${id}-error`;
  if (warning) return `${id}-warning`;
  if (hint) return `${id}-hint`;
  return undefined;
}
