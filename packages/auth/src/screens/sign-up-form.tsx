import { PASSWORD_MIN_LENGTH, type UserType } from '@sieve/contracts';
import { Banner, Button, Icon, PasswordField, SelectField, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessageFor } from '../api/api-error';
import { useFollowAuthOutcome } from '../routing/use-follow-auth-outcome';
import { isUserType, USER_TYPE_LABEL } from '../session/session-user';
import { useAuth } from '../use-auth';
import { AuthCard } from './auth-card';
import { mismatchHint } from './password-rules';
import {
  emailError,
  emailWarning,
  needsInviteCode,
  type SignUpErrors,
  validateSignUp,
} from './sign-up-rules';

const ACCOUNT_TYPE_OPTIONS = (['requester', 'worker', 'admin'] as const).map((value) => ({
  value,
  label: USER_TYPE_LABEL[value],
}));

export interface SignUpFormProps {
  defaultUserType?: UserType;
}

/** spec 01 §2 create-account mode, with the rules of spec 01 §5. */
export default function SignUpForm({ defaultUserType = 'requester' }: SignUpFormProps) {
  const { register } = useAuth();
  const follow = useFollowAuthOutcome();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [userType, setUserType] = useState<UserType>(defaultUserType);
  const [inviteCode, setInviteCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<SignUpErrors>({});
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const needsInvite = needsInviteCode(userType);
  const hasConfirmation = confirmPassword.length > 0;
  const passwordsMatch = password === confirmPassword;
  const liveMismatch = mismatchHint({ password, confirmPassword });
  const liveEmailWarning = emailWarning(email);

  function clearFieldError(field: keyof SignUpErrors) {
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const errors = validateSignUp({ email, password, confirmPassword, fullName, userType, inviteCode });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setIsBusy(true);
    try {
      // Busy until the page changes: an account of another role leaves for its own app.
      follow(
        await register({
          email: email.trim(),
          password,
          full_name: fullName.trim(),
          user_type: userType,
          ...(needsInvite ? { invite_code: inviteCode.trim() } : {}),
        }),
      );
    } catch (caught) {
      setError(errorMessageFor(caught, 'Failed to register'));
      // The server's verdict on a field goes under that field as well.
      if (caught instanceof ApiError && caught.fields) {
        const { email: emailProblem, password: passwordProblem, invite_code: inviteProblem } = caught.fields;
        setFieldErrors({
          ...(emailProblem ? { email: emailProblem } : {}),
          ...(passwordProblem ? { password: passwordProblem } : {}),
          ...(inviteProblem ? { inviteCode: inviteProblem } : {}),
        });
      }
      setIsBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create Account"
      description="Set up your account to get started."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="sv-form" onSubmit={handleSubmit} noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          error={fieldErrors.fullName}
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            clearFieldError('fullName');
          }}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          warning={liveEmailWarning}
          error={fieldErrors.email}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            clearFieldError('email');
          }}
          onBlur={() => {
            // A live hint once the field is left; the disposable case already shows its warning.
            const problem = email.trim() && !liveEmailWarning ? emailError(email) : null;
            if (problem) setFieldErrors((errors) => ({ ...errors, email: problem }));
          }}
        />
        <SelectField
          label="Account Type"
          name="userType"
          required
          options={ACCOUNT_TYPE_OPTIONS}
          value={userType}
          onChange={(event) => {
            if (isUserType(event.target.value)) setUserType(event.target.value);
            clearFieldError('inviteCode');
          }}
        />
        {needsInvite ? (
          <TextField
            label="Invite Code"
            name="inviteCode"
            autoComplete="off"
            required
            hint={`${USER_TYPE_LABEL[userType]} accounts need an invite code from an admin.`}
            error={fieldErrors.inviteCode}
            value={inviteCode}
            onChange={(event) => {
              setInviteCode(event.target.value);
              clearFieldError('inviteCode');
            }}
          />
        ) : null}
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a mix of letters and numbers.`}
          error={fieldErrors.password}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clearFieldError('password');
          }}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={liveMismatch}
          adornment={
            hasConfirmation ? (
              <span
                className={passwordsMatch ? 'sv-match-icon--ok' : 'sv-match-icon--bad'}
                role="img"
                aria-label={passwordsMatch ? 'Passwords match' : 'Passwords do not match'}
              >
                <Icon name={passwordsMatch ? 'check' : 'x'} />
              </span>
            ) : null
          }
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" isFullWidth disabled={isBusy || !passwordsMatch}>
          {isBusy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
