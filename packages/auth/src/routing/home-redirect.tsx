import { Navigate, useLocation } from 'react-router-dom';

/** spec 01 §2: the home route redirects to /login, keeping any notice for the sign-in screen. */
export function HomeRedirect() {
  const { state } = useLocation();
  return <Navigate to="/login" replace state={state} />;
}
