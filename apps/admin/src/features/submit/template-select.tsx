import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@sieve/contracts';
import { SelectField } from '@sieve/ui';
import type { Template } from './api';

/**
 * What a template extracts, in one line. "line items" is written out: FIELD_TYPE_LABELS would bring
 * the contract's zod schemas into this view's chunk (a hundred kilobytes for two words).
 */
function fieldsLine(template: Template): string {
  const names = template.fields.map((f) => (f.type === 'line_items' ? `${f.name} (line items)` : f.name));
  const checks = template.checks.length;
  return `Extracts ${names.join(', ')}${checks ? `; ${checks} ${checks === 1 ? 'check' : 'checks'}` : ''}.`;
}

/**
 * DESIGN §13: the template the request is extracted with (`metadata.template_id`), as the
 * requester's own New Request form offers it: the requester's templates, then the built-ins.
 */
export function TemplateSelect({
  value,
  own,
  builtins,
  loadError,
  requesterEmail,
  isEmailUnknown,
  documentType,
  error,
  onChange,
}: {
  value: string;
  /** The requester's own templates (none for the admin's own account). */
  own: readonly Template[];
  builtins: readonly Template[];
  loadError: unknown;
  /** The requester the request is for, once the email names one; null for the admin's own account. */
  requesterEmail: string | null;
  /** An email is typed that names no requester (yet): only the built-ins are offered. */
  isEmailUnknown: boolean;
  documentType: DocumentType | '';
  error?: string | undefined;
  onChange: (templateId: string) => void;
}) {
  const chosen = [...own, ...builtins].find((t) => t.template_id === value);
  const options = [
    { value: '', label: 'No template: data points only' },
    ...own.map((t) => ({ value: t.template_id, label: t.name })),
    ...builtins.map((t) => ({ value: t.template_id, label: `${t.name} (built-in)` })),
  ];
  // A template chosen before the list loaded keeps its place.
  if (value && !chosen) options.push({ value, label: value });
  const isOtherType = chosen && documentType && chosen.document_type !== documentType;
  const whose = requesterEmail
    ? `${requesterEmail}’s templates and the built-in ones.`
    : isEmailUnknown
      ? 'Built-in templates; the requester’s own appear once the email names one.'
      : 'Built-in templates (no requester named).';
  return (
    <SelectField
      label="Template"
      data-field="templateId"
      options={options}
      value={value}
      error={error}
      hint={
        chosen
          ? fieldsLine(chosen)
          : loadError
            ? 'Templates could not be loaded; name data points instead.'
            : whose
      }
      warning={
        isOtherType
          ? `Made for ${DOCUMENT_TYPE_LABELS[chosen.document_type]} documents; its fields are read from this one all the same.`
          : undefined
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
