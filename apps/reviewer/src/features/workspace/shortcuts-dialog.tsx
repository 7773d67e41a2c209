import { Button, Dialog } from '@sieve/ui';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      title="Keyboard shortcuts"
      description="Everything in the workspace works without the mouse. Tab moves between controls."
      onDismiss={onClose}
      size="md"
      actions={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <table className="sv-shortcuts">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? <span className="sv-muted"> or </span> : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </th>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
