import { createHash } from 'node:crypto';
import { DOCUMENT_TYPES, requestEndpoints, UPLOAD_MAX_BYTES } from '@sieve/contracts';
import { Router } from 'express';
import multer from 'multer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { mount } from '../../http/mount';
import { assertStorable } from '../../http/storable';
import { idempotent } from '../integrations/idempotency';
import { fileGrid, isGridType } from './file-grid';
import { type FilesService, fileUrlOf } from './files.service';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 },
  // Browsers and fetch send a UTF-8 file name without `filename*=`: read it as UTF-8, not latin1.
  defParamCharset: 'utf8',
}).single('file');

/** The form fields an upload takes besides `file`; `admin_submit` is the admin form's own type. */
const UPLOAD_DOCUMENT_TYPES = new Set<string>([...DOCUMENT_TYPES, 'admin_submit']);
const UPLOAD_FIELDS = new Set(['document_type']);

/** A multipart body busboy cannot read (no boundary, cut short, broken headers) is the caller's error. */
function multipartError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(
    'INVALID_INPUT',
    `The upload is not a readable multipart/form-data body (${message}). Send the document in the form field "file".`,
    { file: message },
  );
}

export function filesRoutes(service: FilesService, db: Db) {
  const router = Router();

  mount(router, requestEndpoints.upload, async ({ req, res, user }) => {
    await new Promise<void>((resolve, reject) => {
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError) {
          reject(
            error.code === 'LIMIT_FILE_SIZE'
              ? new AppError('FILE_TOO_LARGE')
              : new AppError('INVALID_INPUT', `Upload refused: ${error.message}.`, { file: error.message }),
          );
        } else {
          reject(multipartError(error));
        }
      });
    });
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((name) => !UPLOAD_FIELDS.has(name));
    if (unknown.length > 0) {
      throw new AppError(
        'INVALID_INPUT',
        `Unknown form field ${unknown.map((n) => JSON.stringify(n)).join(', ')}: an upload takes "file" and optionally "document_type".`,
        Object.fromEntries(unknown.map((name) => [name, 'Unknown field'])),
      );
    }
    assertStorable({ ...fields, ...(req.file ? { filename: req.file.originalname } : {}) });
    const rawType = fields.document_type;
    if (rawType !== undefined && (typeof rawType !== 'string' || !UPLOAD_DOCUMENT_TYPES.has(rawType))) {
      throw new AppError(
        'INVALID_INPUT',
        `Unknown document_type ${JSON.stringify(rawType)}; choose one of ${[...UPLOAD_DOCUMENT_TYPES].join(', ')}.`,
        { document_type: 'Unknown document type' },
      );
    }
    if (!req.file)
      throw new AppError('INVALID_INPUT', 'Attach the document in the form field "file".', {
        file: 'Required',
      });
    const file = req.file;
    const documentType = rawType as string | undefined;
    // The "body" of an upload, for Idempotency-Key: the bytes, the file name and the document type.
    const bodyHash = createHash('sha256')
      .update(file.buffer)
      .update(`\0${file.originalname}\0${documentType ?? ''}`)
      .digest('hex');
    return idempotent({
      db,
      req,
      res,
      userId: user.id,
      endpoint: requestEndpoints.upload.id,
      bodyHash,
      status: requestEndpoints.upload.response.status,
      run: async () => {
        const stored = await service.store(user, {
          bytes: file.buffer,
          filename: file.originalname,
          documentType,
        });
        return {
          file_id: stored.id,
          file_url: fileUrlOf(stored.id),
          filename: stored.filename,
          content_type: stored.contentType,
          size: stored.size,
        };
      },
    });
  });

  mount(router, requestEndpoints.download, async ({ params, user, res }) => {
    const file = await service.readable(user, params.id);
    const bytes = await service.bytes(file);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `inline; filename="${encodeURIComponent(file.filename)}"`);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    // Framed by our own apps only; it may never run script on our origin. Chrome's PDF viewer
    // refuses sandboxed documents, and a PDF runs no script of ours, so only other types get `sandbox`.
    // Stored web pages (DESIGN §11) reach nothing at all: no scripts, no network, not even our own.
    const isHtml = /^(text\/html|application\/xhtml\+xml)\b/i.test(file.contentType);
    const policy = `default-src 'none'; frame-ancestors 'self'; style-src 'unsafe-inline'; img-src ${isHtml ? '' : "'self' "}data:`;
    res.setHeader(
      'Content-Security-Policy',
      file.contentType === 'application/pdf' ? policy : `sandbox; ${policy}`,
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (isHtml) res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.status(200).end(bytes);
  });

  mount(router, requestEndpoints.grid, async ({ params, user }) => {
    const file = await service.readable(user, params.id);
    if (!isGridType(file.contentType)) {
      throw new AppError('INVALID_FILE_TYPE', 'This document is not a table (CSV or Excel).');
    }
    return fileGrid(await service.bytes(file), file.contentType);
  });

  return router;
}
