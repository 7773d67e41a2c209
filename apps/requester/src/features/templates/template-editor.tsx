import { ApiError, errorMessageFor } from '@sieve/auth';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@sieve/contracts';
import { Badge, Banner, Button, Card, Checkbox, Icon, SelectField, TextField } from '@sieve/ui';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { createTemplate, type Template, updateTemplate } from './api';
import { TemplateChecksEditor } from './template-checks-editor';
import {
  referencesOf,
  type TemplateDraft,
  type TemplateErrors,
  templateBody,
  validateTemplate,
} from './template-draft';
import { TemplateFieldsEditor } from './template-fields-editor';

const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] }));

export interface TemplateEditorProps {
  /** What the editor starts from. */
  initial: TemplateDraft;
  /** The saved template being edited; null for a new one. */
  templateId: string | null;
  /** A built-in, shown as it is: it cannot be edited, only copied. */
  isBuiltin?: boolean;
  onSaved: (template: Template) => void;
  onCancel: () => void;
  onCopy?: () => void;
}

/** Server messages keyed like the schema's paths (`fields.0.name`), the rest for the banner. */
function serverErrors(error: unknown): { errors: TemplateErrors; message: string } {
  const message = errorMessageFor(error, 'The template could not be saved.');
  if (!(error instanceof ApiError) || !error.fields) return { errors: {}, message };
  return { errors: { ...error.fields }, message: error.detail ?? message };
}

/**
 * The template editor (DESIGN §13): name, document type, typed fields with their rules and a
 * line-items field's columns, and checks across fields. Checked live with the API's schema.
 */
export function TemplateEditor({
  initial,
  templateId,
  isBuiltin = false,
  onSaved,
  onCancel,
  onCopy,
}: TemplateEditorProps) {
  const [draft, setDraft] = useState(initial);
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const [server, setServer] = useState<{ errors: TemplateErrors; message: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const liveErrors = useMemo(() => validateTemplate(draft), [draft]);
  const errors: TemplateErrors = hasTriedSave
    ? { ...liveErrors, ...(server?.errors ?? {}) }
    : (server?.errors ?? {});
  const numbers = useMemo(() => referencesOf(draft, 'number'), [draft]);
  const dates = useMemo(() => referencesOf(draft, 'date'), [draft]);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const update = (patch: Partial<TemplateDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServer(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (isBuiltin || isSaving) return;
    setHasTriedSave(true);
    setServer(null);
    if (Object.keys(liveErrors).length > 0) return;
    setIsSaving(true);
    try {
      const body = templateBody(draft);
      const saved = templateId ? await updateTemplate(templateId, body) : await createTemplate(body);
      onSaved(saved);
    } catch (error) {
      setServer(serverErrors(error));
    } finally {
      setIsSaving(false);
    }
  };

  const title = isBuiltin ? draft.name : templateId ? `Edit ${initial.name}` : 'New template';
  const errorCount = hasTriedSave ? Object.keys(liveErrors).length : 0;

  return (
    <Card as="section" className="rq-teditor" aria-labelledby="template-editor-title">
      <header className="rq-teditor__head">
        <h2 id="template-editor-title" ref={headingRef} tabIndex={-1} className="rq-settings__title">
          {title} {isBuiltin ? <Badge tone="neutral">Built-in</Badge> : null}
        </h2>
        {isBuiltin ? (
          <p className="sv-muted">
            Built-in templates cannot be changed. Save a copy to make it yours, then edit the copy.
          </p>
        ) : null}
      </header>

      {server ? <Banner tone="error">{server.message}</Banner> : null}
      {errorCount > 0 ? (
        <Banner tone="error">
          {errorCount === 1 ? 'One thing needs fixing' : `${errorCount} things need fixing`} before the
          template can be saved: {Object.values(liveErrors)[0]}
        </Banner>
      ) : null}

      <form className="rq-teditor__form" noValidate onSubmit={(e) => void save(e)} aria-label={title}>
        <fieldset className="rq-teditor__body" disabled={isBuiltin}>
          <div className="rq-teditor__row">
            <TextField
              label="Template name"
              required
              maxLength={100}
              placeholder="e.g. Supplier invoices"
              value={draft.name}
              error={errors.name}
              onChange={(e) => update({ name: e.target.value })}
            />
            <SelectField
              label="Document type"
              options={TYPE_OPTIONS}
              value={draft.documentType}
              error={errors.document_type}
              onChange={(e) => update({ documentType: e.target.value as DocumentType })}
            />
          </div>
          <TemplateFieldsEditor
            fields={draft.fields}
            errors={errors}
            onChange={(fields) => update({ fields })}
          />
          <TemplateChecksEditor
            checks={draft.checks}
            numbers={numbers}
            dates={dates}
            errors={errors}
            onChange={(checks) => update({ checks })}
          />
          <Checkbox
            label="Learn from reviews of these documents"
            checked={draft.learning}
            onChange={(e) => update({ learning: e.target.checked })}
          />
        </fieldset>
        <div className="rq-teditor__footer">
          {isBuiltin ? (
            <>
              <Button onClick={onCancel}>Close</Button>
              <Button variant="primary" onClick={onCopy}>
                <Icon name="copy" /> Save a copy
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onCancel} disabled={isSaving}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={isSaving}>
                <Icon name="check" /> {isSaving ? 'Saving...' : 'Save template'}
              </Button>
            </>
          )}
        </div>
      </form>
    </Card>
  );
}
