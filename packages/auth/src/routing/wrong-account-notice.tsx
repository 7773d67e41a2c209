import type { UserType } from '@sieve/contracts';
import { Card } from '@sieve/ui';
import { USER_TYPE_LABEL } from '../session/session-user';
import { LogoutButton } from './logout-button';

export interface WrongAccountNoticeProps {
  expected: UserType;
  actual: UserType;
}

/** Shown when a signed-in user opens another role's app (the hand-off comes with DESIGN §5). */
export function WrongAccountNotice({ expected, actual }: WrongAccountNoticeProps) {
  return (
    <div className="sv-page-center">
      <Card as="section" className="sv-auth-card" aria-labelledby="wrong-account-title">
        <h1 id="wrong-account-title" className="sv-auth-card__title">
          Wrong account type
        </h1>
        <p className="sv-muted">
          This app is for {USER_TYPE_LABEL[expected]} accounts, and you are signed in with your{' '}
          {USER_TYPE_LABEL[actual]} account. Log out to sign in with another account.
        </p>
        <div>
          <LogoutButton />
        </div>
      </Card>
    </div>
  );
}
