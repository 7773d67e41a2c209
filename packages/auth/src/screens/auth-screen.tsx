import type { UserType } from '@sieve/contracts';
import { CenteredLayout, Spinner } from '@sieve/ui';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { SignedInRedirect } from '../routing/signed-in-redirect';
import { useAuth } from '../use-auth';
import { HandoffExchange } from './handoff-exchange';
import { SignInForm } from './sign-in-form';

// The create-account form carries the email check and its lists: loaded when it is opened.
const SignUpForm = lazy(() => import('./sign-up-form'));

const CREATE_ACCOUNT_PATHS = ['/signup', '/register'];

export interface AuthScreenProps {
  appName: string;
  /** The account type the create-account form starts with: the app's own role. */
  defaultUserType?: UserType;
}

/**
 * spec 01 §2: /login opens in sign-in mode, /signup and /register in create-account mode.
 * `/login?handoff=…` signs in with a code from another app (DESIGN §5); a signed-in user goes on
 * to their dashboard.
 */
export default function AuthScreen({ appName, defaultUserType }: AuthScreenProps) {
  const { pathname, search } = useLocation();
  const { status } = useAuth();
  const params = new URLSearchParams(search);
  const handoffCode = params.get('handoff');
  const isCreateAccount = CREATE_ACCOUNT_PATHS.includes(pathname.replace(/\/+$/, ''));

  if (handoffCode) {
    return (
      <CenteredLayout appName={appName}>
        <HandoffExchange code={handoffCode} remember={params.get('remember') !== '0'} />
      </CenteredLayout>
    );
  }
  if (status === 'authenticated') return <SignedInRedirect />;

  return (
    <CenteredLayout appName={appName}>
      {isCreateAccount ? (
        <Suspense fallback={<Spinner size="lg" />}>
          <SignUpForm {...(defaultUserType ? { defaultUserType } : {})} />
        </Suspense>
      ) : (
        <SignInForm />
      )}
    </CenteredLayout>
  );
}
