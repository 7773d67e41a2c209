import { ERROR_CATALOGUE, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@sieve/contracts';
import { Banner, Button, CenteredLayout, PasswordField } from '@sieve/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { passwordResetConfirmRequest } from '../api/auth-api';
import { AuthCard } from './auth-card';

export interface ResetPasswordScreenProps {
  appName: string;
}

/** DESIGN §5: completes a reset from the mailed link `/reset-password?token=…`. */
export function ResetPasswordScreen({ appName }: ResetPasswordScreenProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordsMatch = password === confirmPassword;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const problem = passwordProblem(password);
    setPasswordError(problem);
    if (problem) return;
    setIsBusy(true);
    try {
      await passwordResetConfirmRequest(token, password);
      setIsDone(true);
    } catch (caught) {
      setError(errorMessageFor(caught, 'Failed to reset password'));
    } finally {
      setIsBusy(false);
    }
  }

  let content: ReactNode;
  if (!token) {
    content = (
      <Banner tone="error">
        {ERROR_CATALOGUE.INVALID_RESET_TOKEN.message} <Link to="/forgot-password">Request a new link</Link>
      </Banner>
    );
  } else if (isDone) {
    content = (
      <Banner tone="success">
        Your password has been changed. <Link to="/login">Sign in</Link> with your new password.
      </Banner>
    );
  } else {
    content = (
      <form className="sv-form" onSubmit={handleSubmit}>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with letters and numbers.`}
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={confirmPassword && !passwordsMatch ? PASSWORD_MESSAGES.mismatch : undefined}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" isFullWidth disabled={isBusy || !passwordsMatch}>
          {isBusy ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    );
  }

  return (
    <CenteredLayout appName={appName}>
      <AuthCard
        title="Choose a new password"
        description="Pick a new password for your account."
        footer={<Link to="/login">Back to sign in</Link>}
      >
        {content}
      </AuthCard>
    </CenteredLayout>
  );
}
