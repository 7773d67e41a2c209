import { ApiError } from '@sieve/auth';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@sieve/contracts';
import {
  Badge,
  Banner,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  EmptyState,
  Icon,
  Spinner,
  TextField,
} from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  type ApiKey,
  createApiKey,
  createWebhook,
  deleteWebhook,
  redeliver,
  revokeApiKey,
  SETTINGS_KEYS,
  sendTestEvent,
  useApiKeys,
  useDeliveries,
  useWebhooks,
  type Webhook,
  type WebhookDelivery,
} from './api';
import { SecretReveal } from './secret-reveal';
import './settings.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

function formatDate(iso: string | null, never = 'Never') {
  return iso ? dateTime.format(new Date(iso)) : never;
}

function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError ? (error.detail ?? fallback) : fallback;
}

function fieldError(error: unknown, field: string) {
  return error instanceof ApiError ? error.fields?.[field] : undefined;
}

function toggle<T>(list: readonly T[], item: T, isOn: boolean): T[] {
  return isOn ? [...new Set([...list, item])] : list.filter((x) => x !== item);
}

function ApiKeysCard() {
  const { data, error: loadError, isLoading } = useApiKeys();
  const { mutate } = useSWRConfig();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['requests:read', 'requests:write', 'files:write']);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const key = await createApiKey(name.trim(), scopes);
      setCreated({ name: key.name, secret: key.secret });
      setName('');
      await mutate(SETTINGS_KEYS.keys);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setIsBusy(true);
    try {
      await revokeApiKey(revoking.id);
      await mutate(SETTINGS_KEYS.keys);
      setRevoking(null);
    } catch (caught) {
      setError(caught);
      setRevoking(null);
    } finally {
      setIsBusy(false);
    }
  };

  const columns: DataTableColumn<ApiKey>[] = [
    { id: 'name', header: 'Name', cell: (k) => k.name, isRowHeader: true },
    { id: 'key', header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
    { id: 'scopes', header: 'Scopes', cell: (k) => k.scopes.join(', '), priority: 2 },
    { id: 'created', header: 'Created', cell: (k) => formatDate(k.created_at), priority: 3 },
    { id: 'used', header: 'Last used', cell: (k) => formatDate(k.last_used_at) },
    {
      id: 'action',
      header: <span className="sv-visually-hidden">Actions</span>,
      align: 'end',
      cell: (k) =>
        k.revoked_at ? (
          <Badge tone="neutral">Revoked</Badge>
        ) : (
          <Button size="sm" variant="danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <Card as="section" className="rq-settings__card" aria-labelledby="api-keys-title">
      <header className="rq-settings__head">
        <h2 id="api-keys-title" className="rq-settings__title">
          <Icon name="unlock" /> API keys
        </h2>
        <p className="sv-muted">
          Programs send <code>Authorization: Bearer sk_live_…</code>. A key acts as you, only within its
          scopes, and never on reviewer or admin routes.
        </p>
      </header>

      {created ? (
        <SecretReveal
          label={`Secret of ${created.name}`}
          secret={created.secret}
          note="Copy this key now. For your security it is shown only once."
          onDone={() => setCreated(null)}
        />
      ) : null}
      {error && !fieldError(error, 'name') && !fieldError(error, 'scopes') ? (
        <Banner tone="error">{errorText(error, 'The key could not be saved.')}</Banner>
      ) : null}
      {loadError ? (
        <Banner tone="error">{errorText(loadError, 'Your keys could not be loaded.')}</Banner>
      ) : null}

      <form className="rq-settings__form" onSubmit={(e) => void submit(e)} aria-label="Create an API key">
        <TextField
          label="Key name"
          placeholder="e.g. Accounts payable sync"
          value={name}
          required
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(error, 'name')}
        />
        <fieldset className="rq-settings__choices">
          <legend>Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={
                <>
                  <code>{scope}</code> <span className="sv-muted">{API_KEY_SCOPE_LABELS[scope]}</span>
                </>
              }
              checked={scopes.includes(scope)}
              onChange={(e) => setScopes((list) => toggle(list, scope, e.target.checked))}
            />
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={isBusy || !name.trim() || scopes.length === 0}>
            <Icon name="plus" /> Create key
          </Button>
        </div>
      </form>

      {isLoading ? (
        <Spinner label="Loading keys" />
      ) : (
        <DataTable
          caption="API keys"
          columns={columns}
          rows={data?.keys ?? []}
          getRowId={(k) => k.id}
          empty={
            <EmptyState
              icon="unlock"
              title="No API keys yet"
              description="Create one to call the API from a program."
            />
          }
        />
      )}

      <ConfirmDialog
        isOpen={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'key'}?`}
        description="Programs using this key are refused at once. This cannot be undone."
        confirmLabel="Revoke key"
        tone="danger"
        isBusy={isBusy}
        busyLabel="Revoking…"
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

function deliveryTone(status: WebhookDelivery['status']) {
  return status === 'delivered' ? 'success' : status === 'failed' ? 'danger' : 'warning';
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { data, error, isLoading, mutate } = useDeliveries(webhook.id);
  const [actionError, setActionError] = useState<unknown>(null);
  const retry = async (delivery: WebhookDelivery) => {
    setActionError(null);
    try {
      await redeliver(webhook.id, delivery.id);
      await mutate();
    } catch (caught) {
      setActionError(caught);
    }
  };
  const columns: DataTableColumn<WebhookDelivery>[] = [
    { id: 'event', header: 'Event', cell: (d) => <code>{d.event_type}</code>, isRowHeader: true },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => (
        <Badge tone={deliveryTone(d.status)} hasDot>
          {d.status}
        </Badge>
      ),
    },
    {
      id: 'responses',
      header: 'Responses',
      cell: (d) =>
        d.attempts.length === 0
          ? 'Not sent yet'
          : d.attempts
              .map((a) => (a.status_code === null ? (a.error ?? 'no answer') : String(a.status_code)))
              .join(' → '),
    },
    { id: 'time', header: 'Created', cell: (d) => time.format(new Date(d.created_at)), priority: 2 },
    { id: 'id', header: 'Event id', cell: (d) => <code>{d.event_id.slice(0, 8)}</code>, priority: 3 },
    {
      id: 'action',
      header: <span className="sv-visually-hidden">Actions</span>,
      align: 'end',
      cell: (d) => (
        <Button
          size="sm"
          onClick={() => void retry(d)}
          aria-label={`Redeliver ${d.event_type} ${d.event_id.slice(0, 8)}`}
        >
          <Icon name="reload" /> Redeliver
        </Button>
      ),
    },
  ];
  return (
    <div className="rq-settings__log">
      {error || actionError ? (
        <Banner tone="error">
          {errorText(error ?? actionError, 'The delivery log could not be loaded.')}
        </Banner>
      ) : null}
      {isLoading ? (
        <Spinner label="Loading deliveries" />
      ) : (
        <DataTable
          caption={`Deliveries to ${webhook.url}`}
          columns={columns}
          rows={data?.deliveries ?? []}
          getRowId={(d) => d.id}
          empty={
            <EmptyState
              icon="send"
              title="No deliveries yet"
              description="Send a test event to try the endpoint."
            />
          }
        />
      )}
    </div>
  );
}

function WebhookItem({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) {
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { mutate } = useSWRConfig();
  const test = async () => {
    setMessage(null);
    try {
      await sendTestEvent(webhook.id);
      setMessage({ tone: 'success', text: 'Test event sent. Its delivery shows in the log.' });
      setIsLogOpen(true);
      await mutate(SETTINGS_KEYS.deliveries(webhook.id));
    } catch (caught) {
      setMessage({ tone: 'error', text: errorText(caught, 'The test event could not be sent.') });
    }
  };
  return (
    <li className="rq-settings__webhook">
      <div className="rq-settings__webhook-top">
        <div>
          <p className="rq-settings__url">{webhook.url}</p>
          <p className="sv-muted">{webhook.events.join(', ')}</p>
        </div>
        <div className="rq-settings__actions">
          <Button size="sm" onClick={() => void test()}>
            <Icon name="send" /> Send test event
          </Button>
          <Button size="sm" aria-expanded={isLogOpen} onClick={() => setIsLogOpen((open) => !open)}>
            <Icon name="list" /> {isLogOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${webhook.url}`}>
            <Icon name="trash" /> Remove
          </Button>
        </div>
      </div>
      {message ? <Banner tone={message.tone}>{message.text}</Banner> : null}
      {isLogOpen ? <DeliveryLog webhook={webhook} /> : null}
    </li>
  );
}

function WebhooksCard() {
  const { data, error: loadError, isLoading } = useWebhooks();
  const { mutate } = useSWRConfig();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['request.completed', 'request.failed']);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [removing, setRemoving] = useState<Webhook | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const webhook = await createWebhook(url.trim(), events);
      setCreated({ url: webhook.url, secret: webhook.secret });
      setUrl('');
      await mutate(SETTINGS_KEYS.webhooks);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setIsBusy(true);
    try {
      await deleteWebhook(removing.id);
      await mutate(SETTINGS_KEYS.webhooks);
    } catch (caught) {
      setError(caught);
    } finally {
      setRemoving(null);
      setIsBusy(false);
    }
  };

  return (
    <Card as="section" className="rq-settings__card" aria-labelledby="webhooks-title">
      <header className="rq-settings__head">
        <h2 id="webhooks-title" className="rq-settings__title">
          <Icon name="send" /> Webhooks
        </h2>
        <p className="sv-muted">
          Sieve POSTs events to your URL, signed with <code>Sieve-Signature</code> (HMAC-SHA256, like Stripe),
          and retries with backoff for 24 hours until it answers 2xx.
        </p>
      </header>

      {created ? (
        <SecretReveal
          label={`Signing secret of ${created.url}`}
          secret={created.secret}
          note="Copy the signing secret now to verify deliveries. It is shown only once."
          onDone={() => setCreated(null)}
        />
      ) : null}
      {error && !fieldError(error, 'url') && !fieldError(error, 'events') ? (
        <Banner tone="error">{errorText(error, 'The webhook could not be saved.')}</Banner>
      ) : null}
      {loadError ? (
        <Banner tone="error">{errorText(loadError, 'Your webhooks could not be loaded.')}</Banner>
      ) : null}

      <form className="rq-settings__form" onSubmit={(e) => void submit(e)} aria-label="Add a webhook">
        <TextField
          label="Endpoint URL"
          type="url"
          placeholder="https://example.com/sieve/webhooks"
          value={url}
          required
          onChange={(e) => setUrl(e.target.value)}
          error={fieldError(error, 'url')}
        />
        <fieldset className="rq-settings__choices">
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              label={
                <>
                  <code>{type}</code> <span className="sv-muted">{WEBHOOK_EVENT_LABELS[type]}</span>
                </>
              }
              checked={events.includes(type)}
              onChange={(e) => setEvents((list) => toggle(list, type, e.target.checked))}
            />
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary" disabled={isBusy || !url.trim() || events.length === 0}>
            <Icon name="plus" /> Add webhook
          </Button>
        </div>
      </form>

      {isLoading ? (
        <Spinner label="Loading webhooks" />
      ) : data && data.webhooks.length > 0 ? (
        <ul className="rq-settings__webhooks" aria-label="Webhook endpoints">
          {data.webhooks.map((webhook) => (
            <WebhookItem key={webhook.id} webhook={webhook} onRemove={() => setRemoving(webhook)} />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon="send"
          title="No webhooks yet"
          description="Add an endpoint to hear when requests finish."
        />
      )}

      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove this webhook?"
        description={`Sieve stops sending events to ${removing?.url ?? 'it'}.`}
        confirmLabel="Remove webhook"
        tone="danger"
        isBusy={isBusy}
        busyLabel="Removing…"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** Settings (DESIGN §12): API keys and webhooks, for connecting other programs to Sieve. */
export default function SettingsView() {
  return (
    <div className="rq-settings">
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
