import {
  checkEmail,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  type UserType,
} from '@sieve/contracts';
import { Banner, Button, Icon, PasswordField, SelectField, TextField } from '@sieve/ui';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { dashboardPathFor } from '../routing/dashboard-path';
import { isUserType, USER_TYPE_LABEL } from '../session/session-user';
import { useAuth } from '../use-auth';
import { AuthCard } from './auth-card';

const ACCOUNT_TYPE_OPTIONS = (['requester', 'worker', 'admin'] as const).map((value) => ({
  value,
  label: USER_TYPE_LABEL[value],
}));

type FieldErrors = Partial<Record<'email' | 'password' | 'inviteCode', string>>;

// spec 01 §5: a disposable address shows a live warning while typing.
const DISPOSABLE_WARNING = 'Please use a personal or work email address';

function isDisposable(email: string): boolean {
  const check = checkEmail(email);
  return !check.valid && check.reason === 'disposable';
}

export interface SignUpFormProps {
  defaultUserType?: UserType;
}

/** spec 01 §2 create-account mode, with the rules of spec 01 §5. */
export function SignUpForm({ defaultUserType = 'requester' }: SignUpFormProps) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [userType, setUserType] = useState<UserType>(defaultUserType);
  const [inviteCode, setInviteCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // spec 01 §2: the invite code is asked for Reviewer and Admin accounts only.
  const needsInvite = userType !== 'requester';
  const hasConfirmation = confirmPassword.length > 0;
  const passwordsMatch = password === confirmPassword;

  const isDisposableEmail = isDisposable(email);

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    const emailCheck = checkEmail(email);
    if (!emailCheck.valid) errors.email = emailCheck.message;
    const problem = passwordProblem(password);
    if (problem) errors.password = problem;
    if (needsInvite && !inviteCode.trim()) {
      errors.inviteCode = 'Invite code is required for Reviewer and Admin accounts';
    }
    return errors;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || !passwordsMatch) return;
    setIsBusy(true);
    try {
      const user = await register({
        email: email.trim(),
        password,
        full_name: fullName.trim(),
        user_type: userType,
        ...(needsInvite ? { invite_code: inviteCode.trim() } : {}),
      });
      navigate(dashboardPathFor(user.userType), { replace: true });
    } catch (caught) {
      setError(errorMessageFor(caught, 'Failed to register'));
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
      <form className="sv-form" onSubmit={handleSubmit}>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          required
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          warning={isDisposableEmail ? DISPOSABLE_WARNING : undefined}
          error={fieldErrors.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label="Account Type"
          name="userType"
          required
          options={ACCOUNT_TYPE_OPTIONS}
          value={userType}
          onChange={(event) => {
            if (isUserType(event.target.value)) setUserType(event.target.value);
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
            onChange={(event) => setInviteCode(event.target.value)}
          />
        ) : null}
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with letters and numbers.`}
          error={fieldErrors.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={hasConfirmation && !passwordsMatch ? PASSWORD_MESSAGES.mismatch : undefined}
          adornment={
            hasConfirmation ? (
              <Icon
                name={passwordsMatch ? 'check' : 'x'}
                className={passwordsMatch ? 'sv-match-icon--ok' : 'sv-match-icon--bad'}
              />
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
