import { ApiError, errorMessageFor } from '@sieve/auth';
import { INVITE_DEFAULT_EXPIRY_DAYS, INVITE_EXPIRY_DAYS } from '@sieve/contracts';
import { Banner, Button, Icon, SelectField, TextField } from '@sieve/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { DASHBOARD_KEYS } from '../dashboard/api';
import { formatDateTime } from '../dashboard/format';
import {
  CODE_RULE,
  customCodeProblem,
  generateInviteCode,
  INVITE_FAILED,
  type Invite,
  type InviteRole,
  RECENT_INVITES_KEY,
} from './api';
import { copyText } from './copy-text';

export const ROLE_LABEL: Record<InviteRole, string> = { worker: 'Reviewer', admin: 'Admin' };

const ROLE_OPTIONS = [
  { value: 'worker', label: 'Reviewer (worker)' },
  { value: 'admin', label: 'Admin' },
];

const EXPIRY_OPTIONS = INVITE_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

/**
 * The invite-code generator (spec 02 §9): role worker or admin, expiry 1/7/30/90/365 days
 * (default 7), an optional code of one's own; the result can be copied to the clipboard.
 */
export function InviteGenerator({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const [role, setRole] = useState<InviteRole>('worker');
  const [expiryDays, setExpiryDays] = useState<number>(INVITE_DEFAULT_EXPIRY_DAYS);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invite, setInvite] = useState<Invite | null>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const codeRef = useRef<HTMLElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (copyState !== 'copied') return;
    const timer = setTimeout(() => setCopyState('idle'), 2_500);
    return () => clearTimeout(timer);
  }, [copyState]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = customCodeProblem(code);
    setCodeError(problem);
    if (problem) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const created = await generateInviteCode(role, expiryDays, code);
      setInvite(created);
      setCopyState('idle');
      setCode('');
      void mutate(DASHBOARD_KEYS.audit);
      void mutate(RECENT_INVITES_KEY);
    } catch (caught) {
      const fieldError = caught instanceof ApiError ? caught.fields?.code : undefined;
      if (fieldError) setCodeError(fieldError);
      else setError(errorMessageFor(caught, INVITE_FAILED));
    } finally {
      setIsSubmitting(false);
    }
  };

  const copy = async () => {
    if (!invite) return;
    const isCopied = await copyText(invite.invite_code);
    setCopyState(isCopied ? 'copied' : 'failed');
    if (!isCopied && codeRef.current) {
      // Select the code so Ctrl/Cmd+C copies it by hand.
      const range = document.createRange();
      range.selectNodeContents(codeRef.current);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  };

  return (
    <div className="adm-invite">
      <Heading className="adm-card__title">Generate an invite code</Heading>
      <form className="adm-invite__form" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setRole(event.target.value as InviteRole)}
        />
        <SelectField
          label="Expires after"
          options={EXPIRY_OPTIONS}
          value={String(expiryDays)}
          onChange={(event) => setExpiryDays(Number(event.target.value))}
        />
        <TextField
          label="Custom code (optional)"
          className="sv-input--mono"
          value={code}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder="Leave empty for a random code"
          hint={CODE_RULE}
          error={codeError}
          onChange={(event) => {
            setCode(event.target.value);
            if (codeError) setCodeError(null);
          }}
        />
        <div className="adm-invite__submit">
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            <Icon name="ticket" />
            {isSubmitting ? 'Generating...' : 'Generate Invite Code'}
          </Button>
        </div>
      </form>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {invite ? (
        <section className="adm-invite__result" aria-label="New invite code">
          <div className="adm-invite__code-row">
            <code ref={codeRef} className="adm-invite__code" data-testid="invite-code">
              {invite.invite_code}
            </code>
            <Button size="sm" onClick={() => void copy()}>
              <Icon name={copyState === 'copied' ? 'check' : 'copy'} />
              {copyState === 'copied' ? 'Copied!' : 'Copy'}
              <span className="sv-visually-hidden"> invite code</span>
            </Button>
          </div>
          <p className="sv-muted">
            {ROLE_LABEL[invite.role]} invite · expires {formatDateTime(invite.expires_at)} · single use
          </p>
          <p className="sv-visually-hidden" aria-live="polite">
            {copyState === 'copied' ? 'Invite code copied to the clipboard.' : ''}
          </p>
          {copyState === 'failed' ? (
            <p className="adm-text-warning adm-small" role="status">
              The browser did not allow copying. The code is selected: press Ctrl+C (⌘C) to copy it.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
