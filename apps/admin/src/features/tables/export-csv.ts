import { errorMessageFor } from '@sieve/auth';
import type { adminEndpoints } from '@sieve/contracts';
import { csvHasDataRows, downloadCsv, filenameFromDisposition } from '@sieve/ui';
import { useState } from 'react';
import { apiFetch } from '../dashboard/api-fetch';
import { useDashboard } from '../dashboard/dashboard-context';
import type { ExportKind } from './api';

/** spec 02 §8 */
export const NO_DATA_TO_EXPORT = 'No data to export';
export const EXPORT_FAILED = 'Failed to export data';

export const EXPORT_LABELS: Record<ExportKind, string> = {
  requests: 'Requests',
  workers: 'Reviewers',
  requesters: 'Requesters',
};

const EXPORT_PATH = '/admin/export/{kind}' satisfies (typeof adminEndpoints)['exportCsv']['path'];

export type ExportResult = { status: 'saved'; filename: string } | { status: 'empty' };

/** GET /admin/export/{kind}?format=csv, saved as the file the server names; nothing when it has no rows. */
export async function exportCsv(kind: ExportKind): Promise<ExportResult> {
  const response = await apiFetch(`${EXPORT_PATH.replace('{kind}', kind)}?format=csv`, {
    headers: { Accept: 'text/csv' },
  });
  const text = await response.text();
  if (!csvHasDataRows(text)) return { status: 'empty' };
  const today = new Date().toISOString().slice(0, 10);
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `sieve-${kind}-${today}.csv`,
  );
  downloadCsv(filename, text);
  return { status: 'saved', filename };
}

/** Export with the dashboard's notices: 'No data to export', the saved file's name, or the failure. */
export function useCsvExport() {
  const { notify } = useDashboard();
  const [busyKind, setBusyKind] = useState<ExportKind | null>(null);

  const run = async (kind: ExportKind, knownTotal?: number) => {
    if (knownTotal === 0) {
      notify(NO_DATA_TO_EXPORT, 'info');
      return;
    }
    setBusyKind(kind);
    try {
      const result = await exportCsv(kind);
      if (result.status === 'empty') notify(NO_DATA_TO_EXPORT, 'info');
      else notify(`${EXPORT_LABELS[kind]} exported as ${result.filename}.`, 'success');
    } catch (error) {
      notify(errorMessageFor(error, EXPORT_FAILED), 'error');
    } finally {
      setBusyKind(null);
    }
  };

  return { exportKind: run, busyKind };
}
