import { createHash } from 'node:crypto';
import { requestEndpoints, UPLOAD_MAX_BYTES } from '@sieve/contracts';
import { Router } from 'express';
import multer from 'multer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { mount } from '../../http/mount';
import { idempotent } from '../integrations/idempotency';
import { fileGrid, isGridType } from './file-grid';
import { type FilesService, fileUrlOf } from './files.service';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 },
}).single('file');

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
          reject(error);
        }
      });
    });
    if (!req.file)
      throw new AppError('INVALID_INPUT', 'Attach the document in the form field "file".', {
        file: 'Required',
      });
    const file = req.file;
    const documentType = typeof req.body?.document_type === 'string' ? req.body.document_type : undefined;
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
