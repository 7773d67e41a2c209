import { Banner, Button, CenteredLayout, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { passwordResetRequest } from '../api/auth-api';
import { AuthCard } from './auth-card';

export interface ForgotPasswordScreenProps {
  appName: string;
}

export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that address, we've sent a link to reset your password. The link works once, within an hour.";

/**
 * DESIGN §5, §9: asks for a reset link. The server answers the same whether or not the account
 * exists, and so does this screen.
 */
export default function ForgotPasswordScreen({ appName }: ForgotPasswordScreenProps) {
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      await passwordResetRequest(email.trim());
      setIsSent(true);
    } catch (caught) {
      // spec 01 §8: the password reset call's fallback.
      setError(errorMessageFor(caught, 'Failed to send password reset email'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <CenteredLayout appName={appName}>
      <AuthCard
        title="Reset your password"
        description="Enter the email address of your account and we'll send you a link to choose a new password."
        footer={<Link to="/login">Back to sign in</Link>}
      >
        {isSent ? (
          <>
            <Banner tone="success">{RESET_LINK_SENT_MESSAGE}</Banner>
            <Button variant="secondary" isFullWidth onClick={() => setIsSent(false)}>
              Send another link
            </Button>
          </>
        ) : (
          <form className="sv-form" onSubmit={handleSubmit}>
            {error ? <Banner tone="error">{error}</Banner> : null}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="primary" isFullWidth disabled={isBusy}>
              {isBusy ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
      </AuthCard>
    </CenteredLayout>
  );
}
