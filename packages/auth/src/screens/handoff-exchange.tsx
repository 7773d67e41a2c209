import { Spinner } from '@sieve/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { useFollowAuthOutcome } from '../routing/use-follow-auth-outcome';
import { useAuth } from '../use-auth';

export interface HandoffExchangeProps {
  code: string;
  remember: boolean;
}

/** DESIGN §5: the target app of a hand-off exchanges the one-time code for its own session. */
export function HandoffExchange({ code, remember }: HandoffExchangeProps) {
  const { exchangeHandoff } = useAuth();
  const follow = useFollowAuthOutcome();
  const navigate = useNavigate();

  useEffect(() => {
    let isCurrent = true;
    exchangeHandoff(code, { remember }).then(
      (outcome) => {
        if (isCurrent) follow(outcome);
      },
      (error: unknown) => {
        if (isCurrent) {
          navigate('/login', { replace: true, state: { error: errorMessageFor(error, 'Failed to login') } });
        }
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [code, remember, exchangeHandoff, follow, navigate]);

  return (
    <div className="sv-handoff">
      <Spinner size="lg" label="Signing you in" />
      <p className="sv-muted">Signing you in...</p>
    </div>
  );
}
