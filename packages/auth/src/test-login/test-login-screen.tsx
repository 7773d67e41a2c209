import type { UserType } from '@sieve/contracts';
import { Banner, Button, CenteredLayout } from '@sieve/ui';
import { useNavigate } from 'react-router-dom';
import { dashboardPathFor } from '../routing/dashboard-path';
import { AuthCard } from '../screens/auth-card';
import { TEST_TOKEN_PREFIX, USER_TYPE_LABEL } from '../session/session-user';
import { useAuth } from '../use-auth';

export interface TestLoginScreenProps {
  appName: string;
  userTypes: readonly UserType[];
}

/**
 * spec 01 §2 /test-login: sets a fake signed-in user without authentication. DESIGN §5: only
 * development builds have it; apps import this module behind `import.meta.env.DEV`.
 */
export default function TestLoginScreen({ appName, userTypes }: TestLoginScreenProps) {
  const { startSession } = useAuth();
  const navigate = useNavigate();

  function signInAs(userType: UserType) {
    startSession(
      {
        token: `${TEST_TOKEN_PREFIX}${userType}`,
        user: { uid: `test-${userType}`, email: `test-${userType}@sieve.dev`, userType, isApproved: true },
      },
      { remember: false },
    );
    navigate(dashboardPathFor(userType), { replace: true });
  }

  return (
    <CenteredLayout appName={appName}>
      <AuthCard title="Test login" description="Sets a fake signed-in user with no authentication.">
        <Banner tone="info">
          Development build only. API calls with this user are refused by the server.
        </Banner>
        {userTypes.map((userType) => (
          <Button key={userType} variant="primary" isFullWidth onClick={() => signInAs(userType)}>
            Continue as test {USER_TYPE_LABEL[userType]}
          </Button>
        ))}
      </AuthCard>
    </CenteredLayout>
  );
}
