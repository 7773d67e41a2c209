import { Button, Checkbox, Dialog, SelectField } from '@sieve/ui';
import { type DashboardSettings, PAGE_SIZES } from './dashboard-settings';

export interface SettingsDialogProps {
  isOpen: boolean;
  settings: DashboardSettings;
  onChange: (settings: DashboardSettings) => void;
  onClose: () => void;
}

/** The header's settings: how this dashboard refreshes and how many rows a table page holds. */
export function SettingsDialog({ isOpen, settings, onChange, onClose }: SettingsDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title="Dashboard settings"
      description="Kept in this browser for your account's dashboard."
      onDismiss={onClose}
      actions={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="sv-form">
        <Checkbox
          label="Refresh the figures and the open table every 30 seconds"
          checked={settings.isAutoRefresh}
          onChange={(event) => onChange({ ...settings, isAutoRefresh: event.target.checked })}
        />
        <SelectField
          label="Rows per table page"
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(settings.pageSize)}
          onChange={(event) => onChange({ ...settings, pageSize: Number(event.target.value) })}
        />
      </div>
    </Dialog>
  );
}
