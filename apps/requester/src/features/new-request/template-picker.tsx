import { DOCUMENT_TYPE_LABELS, type DocumentType, FIELD_TYPE_LABELS } from '@sieve/contracts';
import { SelectField } from '@sieve/ui';
import { type Template, useTemplates } from '../templates/api';

function fieldsLine(template: Template): string {
  const names = template.fields.map((f) =>
    f.type === 'line_items' ? `${f.name} (${FIELD_TYPE_LABELS.line_items.toLowerCase()})` : f.name,
  );
  const checks = template.checks.length;
  return `Extracts ${names.join(', ')}${checks ? `; ${checks} ${checks === 1 ? 'check' : 'checks'}` : ''}.`;
}

/**
 * DESIGN §13: the template a request is extracted with (`metadata.template_id`): its typed fields
 * and checks, beside any data points named here.
 */
export function TemplatePicker({
  value,
  documentType,
  error,
  onChange,
}: {
  value: string;
  documentType: DocumentType | '';
  error?: string | undefined;
  onChange: (templateId: string) => void;
}) {
  const { data, error: loadError } = useTemplates();
  const templates = data?.templates ?? [];
  const own = templates.filter((t) => !t.builtin);
  const builtins = templates.filter((t) => t.builtin);
  const chosen = templates.find((t) => t.template_id === value);
  const options = [
    { value: '', label: 'No template: data points only' },
    ...own.map((t) => ({ value: t.template_id, label: t.name })),
    ...builtins.map((t) => ({ value: t.template_id, label: `${t.name} (built-in)` })),
  ];
  // A template chosen before the list loaded keeps its place.
  if (value && !chosen) options.push({ value, label: value });
  const isOtherType = chosen && documentType && chosen.document_type !== documentType;
  return (
    <SelectField
      label="Template"
      options={options}
      value={value}
      error={error}
      hint={
        chosen
          ? fieldsLine(chosen)
          : loadError
            ? 'Templates could not be loaded; name data points below.'
            : 'Typed fields, line items and checks defined once (Templates in the sidebar).'
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
