import { DOCUMENT_TYPE_LABELS, type DocumentType } from './catalog';

// Free of zod (as catalog.ts): the requester's and the admin's template pickers import it.

/** What a picker needs of a template (DESIGN §13). */
export interface TemplateChoice {
  template_id: string;
  name: string;
  document_type: DocumentType;
  fields: readonly { name: string; type: string }[];
  checks: readonly unknown[];
}

/** What a template extracts, in one line: "Extracts Invoice number, Items (line items); 1 check." */
export function templateFieldsLine(template: TemplateChoice): string {
  const names = template.fields.map((f) => (f.type === 'line_items' ? `${f.name} (line items)` : f.name));
  const checks = template.checks.length;
  return `Extracts ${names.join(', ')}${checks ? `; ${checks} ${checks === 1 ? 'check' : 'checks'}` : ''}.`;
}

/**
 * A template picker's options: none, the requester's own templates, then the built-ins. A template
 * chosen before the list loaded keeps its place. With the chosen template, and the warning shown
 * when it was made for another document type than the one being sent.
 */
export function templateChoices<T extends TemplateChoice>(
  own: readonly T[],
  builtins: readonly T[],
  value: string,
  documentType: DocumentType | '',
): { options: { value: string; label: string }[]; chosen: T | undefined; warning: string | undefined } {
  const chosen = [...own, ...builtins].find((t) => t.template_id === value);
  const options = [
    { value: '', label: 'No template: data points only' },
    ...own.map((t) => ({ value: t.template_id, label: t.name })),
    ...builtins.map((t) => ({ value: t.template_id, label: `${t.name} (built-in)` })),
  ];
  if (value && !chosen) options.push({ value, label: value });
  const warning =
    chosen && documentType && chosen.document_type !== documentType
      ? `Made for ${DOCUMENT_TYPE_LABELS[chosen.document_type]} documents; its fields are read from this one all the same.`
      : undefined;
  return { options, chosen, warning };
}
