import { Banner, Button, Checkbox, PasswordField, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { dashboardPathFor } from '../routing/dashboard-path';
import { useAuth } from '../use-auth';
import { AuthCard } from './auth-card';

/** spec 01 §2 sign-in mode. */
export function SignInForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIsBusy(true);
    try {
      const user = await signIn({ email: email.trim(), password, remember });
      navigate(dashboardPathFor(user.userType), { replace: true });
    } catch (caught) {
      setError(errorMessageFor(caught, 'Failed to login'));
      setIsBusy(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your account to continue."
      footer={
        <>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </>
      }
    >
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
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="sv-form__row">
          <Checkbox
            label="Remember me"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" variant="primary" isFullWidth disabled={isBusy}>
          {isBusy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
