import { ApiError, apiRequest, useAuth } from '@sieve/auth';
import { ADMIN_DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from '@sieve/contracts';
import { Banner, Button, Card, Checkbox, Icon, SelectField, TextField } from '@sieve/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { useDashboard } from '../dashboard/dashboard-context';
import { useDebouncedValue } from '../dashboard/use-debounced-value';
import { listKey, normaliseList, type Requester } from '../tables/api';
import { submitOnBehalf, uploadFile, useTemplatesOf } from './api';
import {
  buildPayload,
  EMPTY_FORM,
  FILE_ACCEPT,
  fieldOfServerError,
  fieldsFor,
  localToday,
  SEC_FILING_TYPES,
  SUBMIT_MESSAGES,
  type SubmitErrors,
  type SubmitField,
  type SubmitFormValues,
  validateSubmit,
} from './submit-rules';
import { TemplateSelect } from './template-select';

const TYPE_OPTIONS = [
  { value: '', label: 'Choose a document type' },
  ...ADMIN_DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABELS[type] })),
];

const FIELD_ORDER: readonly SubmitField[] = [
  'onBehalfOf',
  'documentType',
  'ticker',
  'url',
  'file',
  'text',
  'customPrompt',
  'templateId',
  'dataPoints',
  'dataExpiration',
];

/** Requesters whose email matches what is typed, for the email box's suggestions. */
function useRequesterSuggestions(typed: string) {
  const search = useDebouncedValue(typed.trim(), 300);
  const key =
    search.length >= 2
      ? listKey('requesters', { page: 1, limit: 8, sortBy: 'email', sortOrder: 'asc', search })
      : null;
  const { data } = useSWR(key, async (path: string) =>
    normaliseList<Requester>(await apiRequest<unknown>(path), 'requesters', 1, 8),
  );
  return data?.rows ?? [];
}

/** The server's message for a failed submit, else spec 02 §8's fallback. */
function submitErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'NETWORK_REQUEST_FAILED') {
    return error.detail || (error.message.startsWith('HTTP error!') ? fallback : error.message);
  }
  return fallback;
}

/** spec 02 §2 Submit: a request on behalf of a requester (POST /admin/requests). */
export default function SubmitView() {
  const { navigate, notify, refreshStats } = useDashboard();
  const [values, setValues] = useState<SubmitFormValues>(EMPTY_FORM);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<SubmitErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { file: useId(), text: useId(), prompt: useId(), points: useId(), emails: useId() };
  const visible = fieldsFor(values.documentType);
  const suggestions = useRequesterSuggestions(values.onBehalfOf);
  const typedEmail = values.onBehalfOf.trim().toLowerCase();
  const named = suggestions.find((requester) => requester.email.toLowerCase() === typedEmail);
  const { user } = useAuth();
  // The named requester's templates; else the admin's own account's, which are the built-ins only.
  const templates = useTemplatesOf(named?.requester_id ?? user?.uid ?? null);
  const today = localToday();

  const set = <K extends keyof SubmitFormValues>(key: K, value: SubmitFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const focusFirstError = (found: SubmitErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  };

  const reset = () => {
    setValues(EMPTY_FORM);
    setFile(null);
    setErrors({});
    setFailure(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateSubmit(values, { today, file: visible.file ? file : null });
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError(found);
      return;
    }
    setIsSubmitting(true);
    try {
      // spec 02 §5: a chosen file is uploaded first and its file_url is used.
      let fileUrl: string | null = null;
      if (visible.file && file) {
        try {
          fileUrl = await uploadFile(file);
        } catch (error) {
          setErrors({ file: submitErrorMessage(error, SUBMIT_MESSAGES.uploadFailed) });
          focusFirstError({ file: 'x' });
          return;
        }
      }
      await submitOnBehalf(buildPayload(values, fileUrl));
      reset();
      notify(SUBMIT_MESSAGES.success, 'success');
      void refreshStats();
      navigate('requests');
    } catch (error) {
      setFailure(submitErrorMessage(error, SUBMIT_MESSAGES.failed));
      if (error instanceof ApiError && error.fields) {
        const mapped: SubmitErrors = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldOfServerError(path);
          if (field) mapped[field] ??= message;
        }
        setErrors(mapped);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <section className="adm-view" aria-labelledby="submit-title">
      <header className="adm-view__header">
        <div>
          <h2 id="submit-title" className="adm-view__title">
            Submit Request
          </h2>
          <p className="adm-view__description">
            Submit a document for a requester. It is processed like theirs, outside their plan limits, and
            recorded in the audit log.
          </p>
        </div>
      </header>
      <Card className="adm-card adm-submit">
        <form
          ref={formRef}
          aria-labelledby="submit-title"
          className="adm-submit__form"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          {failure ? <Banner tone="error">{failure}</Banner> : null}
          <div className="adm-form-grid">
            <TextField
              label="Requester email (optional)"
              type="email"
              data-field="onBehalfOf"
              list={ids.emails}
              autoComplete="off"
              value={values.onBehalfOf}
              hint="Leave empty to submit under your own account."
              error={errors.onBehalfOf}
              onChange={(event) => {
                set('onBehalfOf', event.target.value);
                // A requester's own template is theirs only: another requester starts without it.
                if (templates.own.some((t) => t.template_id === values.templateId)) set('templateId', '');
              }}
            />
            <datalist id={ids.emails}>
              {suggestions.map((requester) => (
                <option key={requester.requester_id} value={requester.email}>
                  {requester.full_name}
                </option>
              ))}
            </datalist>
            <SelectField
              label="Document type"
              data-field="documentType"
              required
              options={TYPE_OPTIONS}
              value={values.documentType}
              error={errors.documentType}
              onChange={(event) => {
                set('documentType', event.target.value as SubmitFormValues['documentType']);
                setFailure(null);
              }}
            />
          </div>

          {visible.sec ? (
            <>
              <p className="adm-note">
                <Icon name="info" /> SEC filings of type 10-K, 10-Q and 8-K are supported.
              </p>
              <div className="adm-form-grid">
                <TextField
                  label="Ticker"
                  data-field="ticker"
                  required
                  autoComplete="off"
                  className="sv-input--mono"
                  value={values.ticker}
                  error={errors.ticker}
                  onChange={(event) => set('ticker', event.target.value.toUpperCase())}
                />
                <SelectField
                  label="Filing type"
                  options={SEC_FILING_TYPES.map((type) => ({ value: type, label: type }))}
                  value={values.filingType}
                  onChange={(event) =>
                    set('filingType', event.target.value as SubmitFormValues['filingType'])
                  }
                />
              </div>
            </>
          ) : null}

          {visible.url || visible.file ? (
            <div className="adm-form-grid">
              {visible.url ? (
                <TextField
                  label="Document URL"
                  type="url"
                  data-field="url"
                  inputMode="url"
                  placeholder="https://"
                  value={values.url}
                  hint={visible.needsSource ? 'A URL or a file is needed.' : 'Optional.'}
                  error={errors.url}
                  onChange={(event) => set('url', event.target.value)}
                />
              ) : null}
              {visible.file ? (
                <div className="sv-field">
                  <label className="sv-field__label" htmlFor={ids.file}>
                    File (.pdf, .txt, .doc, .docx)
                  </label>
                  <input
                    ref={fileRef}
                    id={ids.file}
                    data-field="file"
                    type="file"
                    accept={FILE_ACCEPT}
                    className="sv-input adm-file-input"
                    aria-invalid={errors.file ? true : undefined}
                    aria-describedby={errors.file ? `${ids.file}-error` : `${ids.file}-hint`}
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      setErrors((current) => ({ ...current, file: undefined }));
                    }}
                  />
                  {errors.file ? (
                    <p id={`${ids.file}-error`} className="sv-field__error">
                      {errors.file}
                    </p>
                  ) : (
                    <p id={`${ids.file}-hint`} className="sv-field__hint">
                      Up to 10 MB. It is uploaded first, then the request is sent.
                    </p>
                  )}
                </div>
              ) : null}
            </div>
          ) : null}

          {visible.text ? (
            <div className="sv-field">
              <label className="sv-field__label" htmlFor={ids.text}>
                {visible.text}
              </label>
              {visible.text === 'Search query' ? (
                <input
                  id={ids.text}
                  data-field="text"
                  className="sv-input"
                  value={values.text}
                  aria-invalid={errors.text ? true : undefined}
                  aria-describedby={errors.text ? `${ids.text}-error` : undefined}
                  onChange={(event) => set('text', event.target.value)}
                />
              ) : (
                <textarea
                  id={ids.text}
                  data-field="text"
                  className="sv-input adm-textarea"
                  rows={6}
                  value={values.text}
                  aria-invalid={errors.text ? true : undefined}
                  aria-describedby={errors.text ? `${ids.text}-error` : undefined}
                  onChange={(event) => set('text', event.target.value)}
                />
              )}
              {errors.text ? (
                <p id={`${ids.text}-error`} className="sv-field__error">
                  {errors.text}
                </p>
              ) : null}
            </div>
          ) : null}

          {visible.customPrompt ? (
            <div className="sv-field">
              <label className="sv-field__label" htmlFor={ids.prompt}>
                Prompt
              </label>
              <textarea
                id={ids.prompt}
                data-field="customPrompt"
                className="sv-input adm-textarea"
                rows={3}
                required
                value={values.customPrompt}
                aria-invalid={errors.customPrompt ? true : undefined}
                aria-describedby={errors.customPrompt ? `${ids.prompt}-error` : undefined}
                onChange={(event) => set('customPrompt', event.target.value)}
              />
              {errors.customPrompt ? (
                <p id={`${ids.prompt}-error`} className="sv-field__error">
                  {errors.customPrompt}
                </p>
              ) : null}
            </div>
          ) : null}

          {values.documentType ? (
            <TemplateSelect
              value={values.templateId}
              own={templates.own}
              builtins={templates.builtins}
              loadError={templates.error}
              requesterEmail={named?.email ?? null}
              isEmailUnknown={typedEmail !== '' && !named}
              documentType={values.documentType}
              error={errors.templateId}
              onChange={(templateId) => set('templateId', templateId)}
            />
          ) : null}

          {visible.dataPoints ? (
            <TextField
              label="Data points"
              data-field="dataPoints"
              placeholder="Total revenue, Net income, Fiscal year"
              value={values.dataPoints}
              hint={
                values.templateId
                  ? "Optional: asked for beside the template's fields. Separate with commas."
                  : 'Separate with commas. Leave empty to extract every labelled value.'
              }
              error={errors.dataPoints}
              onChange={(event) => set('dataPoints', event.target.value)}
            />
          ) : null}

          {values.documentType ? (
            <div className="adm-form-grid">
              <TextField
                label="Delete the data after (optional)"
                type="date"
                data-field="dataExpiration"
                min={today}
                value={values.dataExpiration}
                hint="The document and its extracted values are purged after this date."
                error={errors.dataExpiration}
                onChange={(event) => set('dataExpiration', event.target.value)}
              />
              <div className="adm-checkbox-cell">
                <Checkbox
                  label="Process with AI only (skip human review)"
                  checked={values.aiOnly}
                  onChange={(event) => set('aiOnly', event.target.checked)}
                />
              </div>
            </div>
          ) : null}

          <div className="adm-submit__actions">
            <Button type="button" variant="ghost" onClick={reset} disabled={isSubmitting}>
              Clear
            </Button>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              <Icon name="send" />
              {isSubmitting ? SUBMIT_MESSAGES.submitting : 'Submit Request'}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
