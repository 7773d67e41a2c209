import { Button, Icon } from '@sieve/ui';
import { useState } from 'react';

/** A secret shown once (API key, webhook signing secret), with a copy button. */
export function SecretReveal({
  label,
  secret,
  note,
  onDone,
}: {
  label: string;
  secret: string;
  note: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="rq-secret" aria-label={label}>
      <p className="rq-secret__note">
        <Icon name="alert" /> {note}
      </p>
      <div className="rq-secret__row">
        <code className="rq-secret__value">{secret}</code>
        <Button size="sm" onClick={() => void copy()}>
          <Icon name={copied === 'yes' ? 'check' : 'copy'} /> {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="sv-muted" role="status">
          The browser did not allow copying: select the text and copy it.
        </p>
      ) : null}
    </section>
  );
}
