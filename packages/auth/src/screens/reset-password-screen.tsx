import { friendlyMessage, PASSWORD_MIN_LENGTH, passwordProblem } from '@sieve/contracts';
import { Banner, Button, CenteredLayout, PasswordField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessageFor } from '../api/api-error';
import { passwordResetConfirmRequest } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { mismatchHint } from './password-rules';

export interface ResetPasswordScreenProps {
  appName: string;
}

export const PASSWORD_CHANGED_NOTICE = 'Your password has been changed. Sign in with your new password.';

/** DESIGN §5: completes a reset from the mailed link `/reset-password?token=…`. */
export default function ResetPasswordScreen({ appName }: ResetPasswordScreenProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isTokenRefused, setIsTokenRefused] = useState(false);
  const passwordsMatch = password === confirmPassword;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const problem = passwordProblem(password);
    setPasswordError(problem);
    if (problem || !passwordsMatch) return;
    setIsBusy(true);
    try {
      await passwordResetConfirmRequest(token, password);
      navigate('/login', { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
    } catch (caught) {
      setError(errorMessageFor(caught, 'Failed to reset password'));
      setIsTokenRefused(caught instanceof ApiError && caught.code === 'INVALID_RESET_TOKEN');
      setIsBusy(false);
    }
  }

  const requestNewLink = (
    <>
      {' '}
      <Link to="/forgot-password">Request a new link</Link>
    </>
  );

  return (
    <CenteredLayout appName={appName}>
      <AuthCard
        title="Choose a new password"
        description="Pick a new password for your account. Other sessions of the account end when it changes."
        footer={<Link to="/login">Back to sign in</Link>}
      >
        {!token ? (
          <Banner tone="error">
            {friendlyMessage('INVALID_RESET_TOKEN')}
            {requestNewLink}
          </Banner>
        ) : (
          <form className="sv-form" onSubmit={handleSubmit} noValidate>
            {error ? (
              <Banner tone="error">
                {error}
                {isTokenRefused ? requestNewLink : null}
              </Banner>
            ) : null}
            <PasswordField
              label="New Password"
              name="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a mix of letters and numbers.`}
              error={passwordError}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
            />
            <PasswordField
              label="Confirm Password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              error={mismatchHint({ password, confirmPassword })}
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
            />
            <Button type="submit" variant="primary" isFullWidth disabled={isBusy || !passwordsMatch}>
              {isBusy ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
      </AuthCard>
    </CenteredLayout>
  );
}
