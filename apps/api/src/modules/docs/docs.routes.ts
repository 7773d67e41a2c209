import { ENDPOINTS } from '@sieve/contracts';
import { buildOpenApiDocument } from '@sieve/contracts/openapi';
import express, { Router } from 'express';
import swaggerUi from 'swagger-ui-dist';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Sieve API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** `GET /api/v1/openapi.json` (generated from contracts) and a self-hosted docs page at `/api/docs`. */
export function docsRoutes() {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  router.get('/api/v1/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(ENDPOINTS);
    res.json(document);
  });
  router.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  router.use(
    '/api/docs/assets',
    express.static(swaggerUi.getAbsoluteFSPath(), { index: false, maxAge: '1d' }),
  );
  return router;
}
