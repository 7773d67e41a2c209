import { Button, Icon } from '@sieve/ui';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../use-auth';

/** spec 01 §4: logout revokes the token, clears the stored session and returns to the home route. */
export function LogoutButton() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        logout();
        navigate('/', { replace: true });
      }}
    >
      <Icon name="log-out" />
      Logout
    </Button>
  );
}
