/**
 * The "Integrate" guide at the top of the API docs page (markdown in the OpenAPI description):
 * copy-paste examples for keys, submits, webhooks, the typed client and the CLI (DESIGN §12).
 */
export const INTEGRATION_GUIDE = `
## Integrate in ten minutes

**1. Create an API key** in the Requester app (*Settings → API keys*), or with a signed-in session:

\`\`\`sh
curl -X POST https://sieve.example.com/api/v1/keys \\
  -H "Authorization: Bearer $SESSION_TOKEN" -H 'Content-Type: application/json' \\
  -d '{"name": "Accounts payable sync", "scopes": ["requests:write", "requests:read", "files:write"]}'
\`\`\`

The secret (\`sk_live_…\`) is shown once. Send it as \`Authorization: Bearer sk_live_…\`. A key acts as
its owner, within its scopes (\`requests:read\`, \`requests:write\`, \`files:write\`, \`webhooks:manage\`),
under the owner's rate and plan limits, and only on operations that name a scope (\`x-api-key-scope\`):
never on reviewer, admin, billing or key routes. A revoked key is refused at once (401).

**2. Submit a document** (retries are safe with an \`Idempotency-Key\`: same key and body within 24 h
replays the first answer; another body is 409 \`IDEMPOTENCY_KEY_REUSED\`):

\`\`\`sh
FILE_ID=$(curl -s https://sieve.example.com/api/v1/files -H "Authorization: Bearer $SIEVE_API_KEY" \\
  -H "Idempotency-Key: upload-inv-1042" -F file=@report.pdf | jq -r .file_id)
curl https://sieve.example.com/api/v1/requests -H "Authorization: Bearer $SIEVE_API_KEY" \\
  -H "Idempotency-Key: inv-1042" -H 'Content-Type: application/json' \\
  -d "{\\"document_type\\": \\"pdf\\", \\"metadata\\": {\\"file_id\\": \\"$FILE_ID\\", \\"data_points\\": [\\"Total revenue 2023\\"]}}"
\`\`\`

\`POST /requests/batch\` takes up to 100 such bodies (and an \`Idempotency-Key\` too): each is validated
on its own (partial success, errors come back at their index) and the plan's limits are checked for the
whole batch at once. Over a plan limit the answer is 429 \`USAGE_LIMIT_EXCEEDED\` with \`resets_at\` and
\`Retry-After\` (when the quota starts again): not worth retrying before then.

**3. Hear when it is done** with a webhook (*Settings → Webhooks*, or \`POST /webhooks\`). Each delivery is
a POST of \`{id, type, created_at, data: {request}}\` with \`Sieve-Signature: t=<unix>,v1=<hex>\`,
\`Sieve-Event-Id\` (the same on every retry: de-duplicate on it) and \`Sieve-Event-Type\`. Verify it like
Stripe's: HMAC-SHA256 of \`"<t>.<raw body>"\` with the endpoint's signing secret. Answer 2xx; anything else
is retried with exponential backoff for 24 h. Events: see \`webhooks\` below.

\`\`\`ts
import { verifyWebhookSignature } from '@sieve/client';
const ok = await verifyWebhookSignature(rawBody, req.headers['sieve-signature'], process.env.SIEVE_WEBHOOK_SECRET);
\`\`\`

**Try webhooks locally** without a public URL: \`sieve listen --forward-to http://localhost:3000/hooks\`
receives the account's events through the API (a long poll on \`GET /webhooks/{id}/events\`) and posts
each, signed with the \`whsec_…\` secret it prints, to your local receiver.

**The typed client** (\`packages/client\`, fetch-based, Node and browsers; retries 429/503 after \`Retry-After\`,
never a used-up plan quota):

\`\`\`ts
import { SieveClient } from '@sieve/client';
const sieve = new SieveClient({ baseUrl: 'https://sieve.example.com', apiKey: process.env.SIEVE_API_KEY });
const file = await sieve.files.upload(bytes, 'report.pdf');
const { request_id } = await sieve.requests.create({
  document_type: 'pdf',
  metadata: { file_id: file.file_id, data_points: ['Total revenue 2023'] },
});
const done = await sieve.requests.wait(request_id, { onProgress: (r) => console.log(r.status) });
console.log(done.final_result);
\`\`\`

**The CLI** (\`sieve\`, from the same package; \`SIEVE_API_KEY\` and \`SIEVE_BASE_URL\`):

\`\`\`sh
sieve extract report.pdf --field "Total revenue 2023" --wait --json
sieve requests list
sieve keys create --name CI --email you@example.com
sieve listen --forward-to http://localhost:3000/hooks
\`\`\`

Exit codes: 0 done, 1 the request failed, 2 usage (nothing was sent), 3 authentication. \`sieve <command> --help\`
lists every option.
`;
