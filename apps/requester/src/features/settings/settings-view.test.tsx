import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderWithApi, signIn } from '../testing/mock-api';
import SettingsView from './settings-view';

beforeEach(() => {
  signIn();
});

const SECRET = 'sk_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function aKey(overrides: Record<string, unknown> = {}) {
  return {
    id: '11111111-0000-4000-8000-000000000000',
    name: 'Pipeline',
    scopes: ['requests:read', 'requests:write', 'files:write'],
    prefix: SECRET.slice(0, 14),
    created_at: '2024-03-05T10:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

describe('SettingsView', () => {
  it('creates a key with the chosen scopes and shows its secret once', async () => {
    const keys: ReturnType<typeof aKey>[] = [];
    let sent: unknown;
    mockApi({
      'GET /api/v1/keys': () => json({ keys }),
      'GET /api/v1/webhooks': () => json({ webhooks: [] }),
      'POST /api/v1/keys': ({ body }) => {
        sent = body;
        keys.push(aKey());
        return json({ ...aKey(), secret: SECRET }, 201);
      },
    });
    renderWithApi(<SettingsView />);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create an API key' });
    fireEvent.change(within(form).getByLabelText('Key name'), { target: { value: 'Pipeline' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /files:write/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /webhooks:manage/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const reveal = await screen.findByRole('region', { name: 'Secret of Pipeline' });
    expect(within(reveal).getByText(SECRET)).toBeTruthy();
    expect(sent).toEqual({
      name: 'Pipeline',
      scopes: ['requests:read', 'requests:write', 'webhooks:manage'],
    });
    const table = await screen.findByRole('table', { name: 'API keys' });
    await waitFor(() => expect(within(table).getByText(`${SECRET.slice(0, 14)}…`)).toBeTruthy());
    fireEvent.click(within(reveal).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows why a webhook URL was refused', async () => {
    mockApi({
      'GET /api/v1/keys': () => json({ keys: [] }),
      'GET /api/v1/webhooks': () => json({ webhooks: [] }),
      'POST /api/v1/webhooks': () =>
        json(
          {
            code: 'WEBHOOK_URL_REFUSED',
            detail: 'Webhooks cannot be sent to loopback address 127.0.0.1. Use a public http(s) URL.',
          },
          400,
        ),
    });
    renderWithApi(<SettingsView />);
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    fireEvent.change(within(form).getByLabelText('Endpoint URL'), {
      target: { value: 'http://127.0.0.1/x' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/cannot be sent to loopback address/)).toBeTruthy();
  });
});
