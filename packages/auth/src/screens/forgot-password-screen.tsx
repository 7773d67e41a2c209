import { Banner, Button, CenteredLayout, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { passwordResetRequest } from '../api/auth-api';
import { AuthCard } from './auth-card';

export interface ForgotPasswordScreenProps {
  appName: string;
}

/** DESIGN §5: asks for a reset link; the server answers the same whether or not the account exists. */
export function ForgotPasswordScreen({ appName }: ForgotPasswordScreenProps) {
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
      setError(errorMessageFor(caught, 'Failed to send password reset email'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <CenteredLayout appName={appName}>
      <AuthCard
        title="Reset your password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
        footer={<Link to="/login">Back to sign in</Link>}
      >
        {isSent ? (
          <Banner tone="success">
            If an account exists for {email.trim()}, a password reset link is on its way. The link is valid
            for one hour.
          </Banner>
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
