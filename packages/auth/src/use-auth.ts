import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  // spec 01 §8: using the authentication facility outside its provider is a misuse error.
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
