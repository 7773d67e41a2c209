import { Button, Dialog } from '@sieve/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { parseOtherFields } from './submission';

export interface EditValueDialogProps {
  isOpen: boolean;
  /** The row's item name and the column, for the description. */
  itemName: string;
  columnLabel: string;
  initialText: string;
  /** `value`: the text is parsed as JSON, else kept as text. `object`: other fields, a JSON object. */
  kind: 'value' | 'object';
  onSave: (text: string) => void;
  onCancel: () => void;
}

function jsonStatus(text: string, kind: EditValueDialogProps['kind']): { isValid: boolean; message: string } {
  if (kind === 'object') {
    if (text.trim() === '') return { isValid: true, message: 'Empty: no other fields.' };
    return parseOtherFields(text)
      ? { isValid: true, message: 'Valid JSON object.' }
      : { isValid: false, message: 'Not a valid JSON object: other fields will be ignored on submit.' };
  }
  try {
    JSON.parse(text);
    return { isValid: true, message: 'Valid JSON.' };
  } catch {
    return { isValid: false, message: 'Not valid JSON: it will be saved as text.' };
  }
}

/** spec 01 §2 "Edit Value": a JSON editor for long or structured values (and other fields). */
export function EditValueDialog({
  isOpen,
  itemName,
  columnLabel,
  initialText,
  kind,
  onSave,
  onCancel,
}: EditValueDialogProps) {
  const [text, setText] = useState(initialText);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const statusId = useId();
  const fieldId = useId();

  useEffect(() => {
    if (isOpen) setText(initialText);
  }, [isOpen, initialText]);

  const status = jsonStatus(text, kind);
  return (
    <Dialog
      isOpen={isOpen}
      title="Edit Value"
      description={
        <>
          {itemName || 'New row'} · {columnLabel}
        </>
      }
      onDismiss={onCancel}
      initialFocusRef={textareaRef}
      size="md"
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" onClick={() => onSave(text)}>
            Save
          </Button>
        </>
      }
    >
      <label className="sv-field__label" htmlFor={fieldId}>
        {kind === 'object' ? 'Other fields (JSON object)' : 'Value (JSON, or plain text)'}
      </label>
      <textarea
        id={fieldId}
        ref={textareaRef}
        className="sv-input sv-json-editor"
        value={text}
        spellCheck={false}
        rows={10}
        aria-describedby={statusId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSave(text);
          }
        }}
      />
      <p
        id={statusId}
        className={
          status.isValid ? 'sv-json-editor__status' : 'sv-json-editor__status sv-json-editor__status--warn'
        }
        aria-live="polite"
      >
        {status.message} <span className="sv-muted">Ctrl+Enter saves.</span>
      </p>
    </Dialog>
  );
}
