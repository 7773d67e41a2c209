import { type DocumentType, templateChoices, templateFieldsLine } from '@sieve/contracts';
import { SelectField } from '@sieve/ui';
import { useTemplates } from '../templates/api';

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
  const { options, chosen, warning } = templateChoices(own, builtins, value, documentType);
  return (
    <SelectField
      label="Template"
      options={options}
      value={value}
      error={error}
      hint={
        chosen
          ? templateFieldsLine(chosen)
          : loadError
            ? 'Templates could not be loaded; name data points below.'
            : 'Typed fields, line items and checks defined once (Templates in the sidebar).'
      }
      warning={warning}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
