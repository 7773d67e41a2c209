import { Banner, Button, Checkbox, PasswordField, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { useRouteNotice } from '../routing/route-notice';
import { useFollowAuthOutcome } from '../routing/use-follow-auth-outcome';
import { useAuth } from '../use-auth';
import { AuthCard } from './auth-card';

/** spec 01 §2 sign-in mode; Remember me and Forgot password made real (DESIGN §5, §9). */
export function SignInForm() {
  const { signIn, signOutNotice } = useAuth();
  const follow = useFollowAuthOutcome();
  // Why the user is here: the previous screen's word (password changed) or how the session ended.
  const routeNotice = { ...signOutNotice, ...useRouteNotice() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(routeNotice.error ?? null);
  const [notice, setNotice] = useState<string | null>(routeNotice.notice ?? null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    setIsBusy(true);
    try {
      // Busy until the page changes: a hand-off leaves for another app.
      follow(await signIn({ email: email.trim(), password, remember }));
    } catch (caught) {
      // spec 01 §8: the server's message (friendly lookup), or "Failed to login".
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
        {notice ? <Banner tone="success">{notice}</Banner> : null}
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
          <Link to="/forgot-password">Forgot password</Link>
        </div>
        <Button type="submit" variant="primary" isFullWidth disabled={isBusy}>
          {isBusy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
