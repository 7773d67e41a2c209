import { ApiError, errorMessageFor } from '@sieve/auth';
import { type CreateRequestInput, ERROR_CATALOGUE, REQUEST_MESSAGES } from '@sieve/contracts';
import { createRequest, uploadFile } from '../requests/api';
import {
  buildPayload,
  type FieldErrors,
  type FileReference,
  fieldOfPath,
  fieldsFor,
  type RequestFormState,
  validateForm,
} from './request-form-state';

export interface SubmitDeps {
  uploadFile: typeof uploadFile;
  createRequest: typeof createRequest;
}

export type SubmitResult = { ok: true; requestId: string } | { ok: false; errors: FieldErrors };

const SUBMIT_FALLBACK = 'Failed to submit request';

/** What the user should read for a failed upload or submission, on the field it concerns. */
export function errorsFromFailure(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { form: errorMessageFor(error, SUBMIT_FALLBACK) };
  // DESIGN §6: the server's message names the limit that was reached.
  if (error.code === 'USAGE_LIMIT_EXCEEDED') {
    return { form: error.detail ?? ERROR_CATALOGUE.USAGE_LIMIT_EXCEEDED.message };
  }
  if (error.code === 'FILE_TOO_LARGE') return { file: REQUEST_MESSAGES.fileTooLarge };
  if (error.code === 'INVALID_FILE_TYPE') {
    return { file: error.detail ?? ERROR_CATALOGUE.INVALID_FILE_TYPE.message };
  }
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const field = fieldOfPath(key);
    if (field !== 'form' && !errors[field]) errors[field] = message;
  }
  errors.form = error.detail ?? errorMessageFor(error, SUBMIT_FALLBACK);
  return errors;
}

/**
 * Validates with the contract, uploads the chosen file (POST /files), then creates the request
 * (POST /requests) pointing at the stored file.
 */
export async function submitRequestForm(
  state: RequestFormState,
  deps: SubmitDeps = { uploadFile, createRequest },
): Promise<SubmitResult> {
  const errors = validateForm(state);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  try {
    let fileRef: FileReference | undefined;
    const fields = fieldsFor(state.documentType);
    if (fields.accept && state.sourceMode === 'file' && state.file && state.documentType) {
      const stored = await deps.uploadFile(state.file, state.documentType);
      fileRef = {
        file_id: stored.file_id,
        file_url: stored.file_url,
        filename: stored.filename,
        content_type: stored.content_type,
      };
    }
    const created = await deps.createRequest(buildPayload(state, fileRef) as CreateRequestInput);
    return { ok: true, requestId: created.request_id };
  } catch (error) {
    return { ok: false, errors: errorsFromFailure(error) };
  }
}
