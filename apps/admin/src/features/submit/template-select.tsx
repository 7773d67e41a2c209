import { type DocumentType, templateChoices, templateFieldsLine } from '@sieve/contracts';
import { SelectField } from '@sieve/ui';
import type { Template } from './api';

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
  const { options, chosen, warning } = templateChoices(own, builtins, value, documentType);
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
          ? templateFieldsLine(chosen)
          : loadError
            ? 'Templates could not be loaded; name data points instead.'
            : whose
      }
      warning={warning}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
