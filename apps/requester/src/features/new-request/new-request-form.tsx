import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  FILING_TYPES,
  PRIORITIES,
  UPLOAD_MAX_BYTES,
  WEBSITE_MAX_PAGES,
} from '@sieve/contracts';
import { Banner, Button, Checkbox, Glyph, SelectField, Tabs, TextAreaField, TextField } from '@sieve/ui';
import { type FormEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { ItemListField } from './item-list-field';
import './new-request.css';
import {
  type FieldErrors,
  type FormField,
  fieldsFor,
  formReducer,
  INITIAL_FORM,
  isDocumentType,
  type SourceMode,
  validateForm,
} from './request-form-state';
import { type SubmitDeps, submitRequestForm } from './submit-request';
import { TemplatePicker } from './template-picker';
import { useUrlCheck } from './use-url-check';

export interface NewRequestFormProps {
  /** After a successful submit (the form has reset itself). */
  onSubmitted: (requestId: string) => void;
  /** Tests swap the calls. */
  deps?: SubmitDeps;
  /** Focus the document type on mount (the modal). */
  autoFocus?: boolean;
}

const TYPE_OPTIONS = [
  { value: '', label: 'Select a document type' },
  ...DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] })),
];
const FILING_OPTIONS = FILING_TYPES.map((filing) => ({ value: filing, label: filing }));
const DIRECTION_OPTIONS = [
  { value: '', label: 'Choose a direction' },
  { value: 'before', label: 'Nearest before the date' },
  { value: 'after', label: 'Nearest after the date' },
];
const PRIORITY_LABEL = { low: 'Low', medium: 'Medium', high: 'High' } as const;
const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABEL[priority] }));
const SOURCE_TABS = [
  { id: 'url', label: 'URL' },
  { id: 'file', label: 'Upload File' },
] as const satisfies readonly { id: SourceMode; label: string }[];

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The request creation form (spec 02 §2, rules of §5, checked live with the API's schema). */
export default function NewRequestForm({ onSubmitted, deps, autoFocus = false }: NewRequestFormProps) {
  const [state, dispatch] = useReducer(formReducer, INITIAL_FORM);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  const fields = fieldsFor(state.documentType);
  const liveErrors = useMemo(() => validateForm(state), [state]);
  const urlCheck = useUrlCheck(state.url);

  const touch = (field: FormField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  // A field's message shows once it was used, or after a submit attempt; the server's until the next edit.
  const errorOf = (field: FormField): string | undefined =>
    serverErrors[field] ?? (hasTriedSubmit || touched.has(field) ? liveErrors[field] : undefined);
  const edited = (field: FormField) => {
    touch(field);
    if (serverErrors[field] || serverErrors.form) {
      setServerErrors(({ [field]: _gone, form: _form, ...rest }) => rest);
    }
  };

  // The modal opens for this choice: start on the document type (after the Dialog placed its focus).
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLSelectElement>('select')?.focus();
  }, [autoFocus]);

  // After a refused submit, take the user to the first field that needs them.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting || !state.documentType) return;
    setHasTriedSubmit(true);
    setServerErrors({});
    if (Object.keys(liveErrors).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setIsSubmitting(true);
    const result = await submitRequestForm(state, deps);
    setIsSubmitting(false);
    if (result.ok) {
      dispatch({ type: 'reset' });
      setTouched(new Set());
      setHasTriedSubmit(false);
      if (fileInputRef.current) fileInputRef.current.value = '';
      onSubmitted(result.requestId);
    } else {
      setServerErrors(result.errors);
      setFocusRequest((n) => n + 1);
    }
  };

  // The URL has its own live check (500 ms after typing stops); the schema's verdict waits for Submit.
  const urlError = serverErrors.url ?? (hasTriedSubmit ? liveErrors.url : undefined);
  const urlField = (label: string, isRequired: boolean) => (
    <TextField
      label={label}
      type="url"
      inputMode="url"
      autoComplete="url"
      placeholder="https://example.com/report.pdf"
      value={state.url}
      required={isRequired}
      error={urlCheck && !urlCheck.valid ? urlCheck.message : urlError}
      hint={
        urlCheck?.valid ? (
          <span className="rq-valid">
            <Glyph name="link" size={12} /> {urlCheck.message}
          </span>
        ) : isRequired ? undefined : (
          'Optional.'
        )
      }
      onChange={(event) => {
        dispatch({ type: 'set', field: 'url', value: event.target.value });
        edited('url');
      }}
    />
  );

  const fileError = errorOf('file');
  const fileInputId = `${ids}-file`;
  const fileField = fields.accept ? (
    <div className="sv-field">
      <label className="sv-field__label" htmlFor={fileInputId}>
        File
      </label>
      <input
        ref={fileInputRef}
        id={fileInputId}
        type="file"
        className="rq-file"
        accept={fields.accept.join(',')}
        aria-invalid={fileError ? true : undefined}
        aria-describedby={`${fileInputId}-message`}
        onChange={(event) => {
          dispatch({ type: 'file', value: event.target.files?.[0] ?? null });
          edited('file');
        }}
      />
      {fileError ? (
        <p id={`${fileInputId}-message`} className="sv-field__error">
          {fileError}
        </p>
      ) : (
        <p id={`${fileInputId}-message`} className="sv-field__hint">
          {state.file
            ? `${state.file.name} · ${formatBytes(state.file.size)}`
            : `Accepted: ${fields.accept.join(', ')} · up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`}
        </p>
      )}
    </div>
  ) : null;

  return (
    <form ref={formRef} className="rq-form" noValidate onSubmit={onSubmit} aria-label="New request">
      {serverErrors.form ? <Banner tone="error">{serverErrors.form}</Banner> : null}

      <div className="rq-form__row">
        <SelectField
          label="Document Type"
          options={TYPE_OPTIONS}
          value={state.documentType}
          required
          error={hasTriedSubmit ? errorOf('documentType') : undefined}
          onChange={(event) => {
            const value = event.target.value;
            dispatch({ type: 'documentType', value: isDocumentType(value) ? value : '' });
          }}
        />
        <SelectField
          label="Priority"
          options={PRIORITY_OPTIONS}
          value={state.priority}
          onChange={(event) => dispatch({ type: 'set', field: 'priority', value: event.target.value })}
        />
      </div>

      {state.documentType ? (
        <fieldset className="rq-form__section">
          <legend className="rq-form__legend">{DOCUMENT_TYPE_LABELS[state.documentType]} details</legend>

          {fields.accept ? (
            <Tabs
              label="Document source"
              tabs={SOURCE_TABS}
              selected={state.sourceMode}
              onSelect={(mode) => dispatch({ type: 'sourceMode', value: mode })}
            >
              {state.sourceMode === 'url' ? urlField('Document URL', true) : fileField}
            </Tabs>
          ) : fields.showsUrl ? (
            urlField(
              fields.isWebsite ? 'Website URL' : 'Document URL',
              fields.isWebsite || (!fields.textLabel && !fields.isCustomPrompt),
            )
          ) : null}

          {fields.isSec ? (
            <div className="rq-form__grid">
              <TextField
                label="Ticker"
                required
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="e.g. AAPL"
                value={state.ticker}
                error={errorOf('ticker')}
                onChange={(event) => {
                  dispatch({ type: 'ticker', value: event.target.value });
                  edited('ticker');
                }}
              />
              <SelectField
                label="Filing Type"
                options={FILING_OPTIONS}
                value={state.filingType}
                error={errorOf('filingType')}
                onChange={(event) =>
                  dispatch({ type: 'set', field: 'filingType', value: event.target.value })
                }
              />
              <TextField
                label="Fiscal Period"
                placeholder="e.g. FY2023 or Q2 2024"
                value={state.fiscalPeriod}
                disabled={Boolean(state.effectiveDate)}
                hint={
                  state.effectiveDate
                    ? 'Clear the effective date to use a fiscal period.'
                    : 'Or an effective date.'
                }
                error={errorOf('fiscalPeriod')}
                onChange={(event) => {
                  dispatch({ type: 'fiscalPeriod', value: event.target.value });
                  edited('fiscalPeriod');
                }}
              />
              <TextField
                label="Effective Date"
                type="date"
                value={state.effectiveDate}
                disabled={Boolean(state.fiscalPeriod)}
                hint={state.fiscalPeriod ? 'Clear the fiscal period to use a date.' : 'Or a fiscal period.'}
                error={errorOf('effectiveDate')}
                onChange={(event) => {
                  dispatch({ type: 'effectiveDate', value: event.target.value });
                  edited('effectiveDate');
                }}
              />
              <SelectField
                label="Search Direction"
                options={DIRECTION_OPTIONS}
                value={state.searchDirection}
                disabled={!state.effectiveDate}
                required={Boolean(state.effectiveDate)}
                hint={state.effectiveDate ? undefined : 'With an effective date.'}
                error={state.effectiveDate ? errorOf('searchDirection') : undefined}
                onChange={(event) => {
                  dispatch({ type: 'set', field: 'searchDirection', value: event.target.value });
                  edited('searchDirection');
                }}
              />
            </div>
          ) : null}

          {fields.isWebsite ? (
            <div className="rq-form__grid">
              <TextField
                label="Max Pages"
                type="number"
                inputMode="numeric"
                min={WEBSITE_MAX_PAGES.min}
                max={WEBSITE_MAX_PAGES.max}
                value={state.maxPages}
                hint={`${WEBSITE_MAX_PAGES.min}–${WEBSITE_MAX_PAGES.max}, default ${WEBSITE_MAX_PAGES.default}.`}
                error={errorOf('maxPages')}
                onChange={(event) => {
                  dispatch({ type: 'set', field: 'maxPages', value: event.target.value });
                  edited('maxPages');
                }}
              />
              <div className="rq-form__check">
                <Checkbox
                  label="Include subdomains"
                  checked={state.includeSubdomains}
                  onChange={(event) =>
                    dispatch({ type: 'toggle', field: 'includeSubdomains', value: event.target.checked })
                  }
                />
              </div>
            </div>
          ) : null}

          {fields.isCsv ? (
            <>
              <ItemListField
                label="Columns"
                noun="column"
                items={state.columns}
                placeholder="e.g. Revenue"
                hint="Add one column at a time. Leave empty to read every column."
                error={errorOf('columns')}
                onChange={(value) => {
                  dispatch({ type: 'items', field: 'columns', value });
                  edited('columns');
                }}
              />
              <Checkbox
                label="The first row holds the column headers"
                checked={state.hasHeaders}
                onChange={(event) =>
                  dispatch({ type: 'toggle', field: 'hasHeaders', value: event.target.checked })
                }
              />
            </>
          ) : null}

          {fields.isCustomPrompt ? (
            <TextAreaField
              label="Custom Prompt"
              required
              rows={4}
              placeholder="Describe what to extract and how to present it"
              value={state.customPrompt}
              error={errorOf('customPrompt')}
              onChange={(event) => {
                dispatch({ type: 'set', field: 'customPrompt', value: event.target.value });
                edited('customPrompt');
              }}
            />
          ) : null}

          {fields.textLabel ? (
            <TextAreaField
              label={fields.textLabel}
              rows={3}
              hint={
                fields.isCustomPrompt ? 'Optional: the text to apply the prompt to.' : 'A URL or this text.'
              }
              value={state.text}
              error={errorOf('text')}
              onChange={(event) => {
                dispatch({ type: 'set', field: 'text', value: event.target.value });
                edited('text');
              }}
            />
          ) : null}

          <TemplatePicker
            value={state.templateId}
            documentType={state.documentType}
            error={errorOf('templateId')}
            onChange={(value) => {
              dispatch({ type: 'set', field: 'templateId', value });
              edited('templateId');
            }}
          />

          <ItemListField
            label="Data Points"
            noun="data point"
            items={state.dataPoints}
            placeholder="e.g. Total revenue"
            hint={
              state.templateId
                ? "Optional: asked for beside the template's fields."
                : 'Add one at a time. Leave empty to extract every labelled value.'
            }
            error={errorOf('dataPoints')}
            onChange={(value) => {
              dispatch({ type: 'items', field: 'dataPoints', value });
              edited('dataPoints');
            }}
          />
        </fieldset>
      ) : (
        <p className="rq-form__placeholder sv-muted">
          Choose a document type to see its fields: a URL or a file, a ticker, pages to crawl, or a prompt.
        </p>
      )}

      <div className="rq-form__footer">
        <div className="rq-ai-only">
          <Checkbox
            label="AI only (faster, no human review)"
            checked={state.aiOnly}
            onChange={(event) => dispatch({ type: 'toggle', field: 'aiOnly', value: event.target.checked })}
          />
          <p className="sv-field__hint">
            {state.aiOnly
              ? 'The AI result is final: ready in seconds to minutes.'
              : 'Reviewers verify the AI result before it is final.'}
          </p>
        </div>
        <Button type="submit" variant="primary" disabled={!state.documentType || isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </form>
  );
}
