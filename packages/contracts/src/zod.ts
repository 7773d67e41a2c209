import { z } from 'zod';

// Every contracts module takes `z` from here; the OpenAPI generator (server only) reads `.meta({ id })`.
export { z };
