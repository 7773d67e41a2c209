export { type ApiRequestOptions, apiRequest, onSessionRejected, swrFetcher } from './api/api-client';
export { ApiError, errorMessageFor } from './api/api-error';
export { loadDocument } from './api/document-file';
export { startEarlyGet } from './api/early-get';
export { useLoadedDocument } from './api/use-loaded-document';
export {
  AuthContext,
  type AuthContextValue,
  type AuthOutcome,
  type AuthStatus,
  type SignInInput,
} from './auth-context';
export { AuthProvider, type AuthProviderProps } from './auth-provider';
export { ServiceStatusCard, type ServiceStatusCardProps, useApiHealth } from './health/service-status-card';
export {
  type AppRouteObjects,
  type AppRouteObjectsOptions,
  createAppRouteObjects,
  testLoginRoutes,
} from './routing/create-app-route-objects';
export { type AppRoutesOptions, createAppRoutes } from './routing/create-app-routes';
export { dashboardPathFor, destinationFor } from './routing/dashboard-path';
export { HeaderActions } from './routing/header-actions';
export { lazyWithPreload, type PreloadableComponent } from './routing/lazy-with-preload';
export { LogoutButton } from './routing/logout-button';
export { RequireAuth, type RequireAuthProps } from './routing/require-auth';
export { SignedInArea, type SignedInAreaProps } from './routing/signed-in-area';
export { clearStoredSession, readStoredSession, storeSession } from './session/session-storage';
export { SessionTimeoutDialog, type SessionTimeoutDialogProps } from './session/session-timeout-dialog';
export {
  DEFAULT_SESSION_TIMEOUT_SETTINGS,
  readSessionTimeoutSettings,
  type SessionTimeoutSettings,
} from './session/session-timeout-settings';
export { formatCountdown, type SessionEndReason, SessionTimer } from './session/session-timer';
export { isUserType, type Session, type SessionUser, USER_TYPE_LABEL } from './session/session-user';
export { useAuth } from './use-auth';
