import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Schemas must be created after this runs, so every contracts module takes `z` from here.
extendZodWithOpenApi(z);

export { z };
