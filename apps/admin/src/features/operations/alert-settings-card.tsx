import { apiRequest, errorMessageFor } from '@sieve/auth';
import type { AlertSettings } from '@sieve/contracts';
import { Button, Card, TextField } from '@sieve/ui';
import { type FormEvent, useEffect, useState } from 'react';
import useSWR from 'swr';
import { useDashboard } from '../dashboard/dashboard-context';

const KEY = '/admin/settings/alerts';

/** Each threshold as the form shows it: percentages as 0–100, the rest as whole numbers. */
const FIELDS: readonly {
  key: keyof AlertSettings;
  label: string;
  hint: string;
  isShare?: boolean;
}[] = [
  {
    key: 'error_rate_warn',
    label: 'Error rate warning (%)',
    hint: 'Failed requests in the last 24 hours',
    isShare: true,
  },
  {
    key: 'error_rate_min_requests',
    label: 'Error rate needs at least',
    hint: 'Requests in the last 24 hours',
  },
  { key: 'pending_high', label: 'Queue backlog above', hint: 'Requests waiting (critical)' },
  {
    key: 'oldest_waiting_minutes',
    label: 'Waiting longer than (minutes)',
    hint: 'Oldest pending or processing request',
  },
  { key: 'tasks_per_reviewer_high', label: 'Open tasks per active reviewer above', hint: 'Review backlog' },
  {
    key: 'efficiency_info',
    label: 'Review efficiency target (%)',
    hint: 'Claimed reviews that were submitted, 7 days',
  },
  { key: 'efficiency_min_claims', label: 'Efficiency needs at least', hint: 'Finished claims in 7 days' },
];

const toForm = (settings: AlertSettings) =>
  Object.fromEntries(
    FIELDS.map((f) => [f.key, String(f.isShare ? Math.round(settings[f.key] * 1000) / 10 : settings[f.key])]),
  ) as Record<keyof AlertSettings, string>;

/** issue 15: the alert thresholds are the admin's to set, with defaults that keep a quiet system quiet. */
export function AlertSettingsCard() {
  const { data, error, mutate } = useSWR<AlertSettings>(KEY);
  const { notify, refreshStats } = useDashboard();
  const [form, setForm] = useState<Record<keyof AlertSettings, string> | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (data && !form) setForm(toForm(data));
  }, [data, form]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const body = Object.fromEntries(
      FIELDS.map((f) => [f.key, f.isShare ? Number(form[f.key]) / 100 : Number(form[f.key])]),
    ) as AlertSettings;
    setSaving(true);
    try {
      const saved = await apiRequest<AlertSettings>(KEY, { method: 'PUT', body });
      await mutate(saved, { revalidate: false });
      setForm(toForm(saved));
      notify('Alert thresholds saved.', 'success');
      void refreshStats();
    } catch (failure) {
      notify(errorMessageFor(failure, 'Failed to save the alert thresholds'), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card as="section" className="adm-card" aria-labelledby="alert-settings-title">
      <h3 id="alert-settings-title" className="adm-card__title">
        Alert thresholds
      </h3>
      <p className="sv-muted adm-small">When the dashboard raises an alert. They apply to every admin.</p>
      {error && !data ? (
        <p className="adm-text-warning">{errorMessageFor(error, 'Failed to load the thresholds')}</p>
      ) : null}
      {form ? (
        <form
          className="adm-alert-settings"
          onSubmit={(event) => void save(event)}
          aria-label="Alert thresholds"
        >
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              hint={f.hint}
              type="number"
              min={0}
              step={f.isShare ? 0.1 : 1}
              required
              value={form[f.key]}
              onChange={(event) => setForm({ ...form, [f.key]: event.target.value })}
            />
          ))}
          <div>
            <Button type="submit" variant="primary" disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save thresholds'}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
