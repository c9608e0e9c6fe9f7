// @levelup/web-kit: what every frontend shares at run time (one copy, shared as a federation singleton).
export { apiRequest, apiGet, urlFromQueryKey, type HttpMethod, type On401 } from './api/client.ts';
export { ContractError, call, callOr401, queryKeyOf, queryOf, readsOf } from './api/call.ts';
export {
  HttpError,
  isRateLimited,
  isUnauthorized,
  onRateLimited,
  serverMessageOf,
  quotaMessageOr,
} from './api/http-error.ts';
export { createQueryClient, type QueryClientOptions } from './api/query-client.ts';
export { fetchProfile, profileQueryKey, profileQueryOptions } from './auth/profile-api.ts';
export { useProfile, useSignInState } from './auth/use-profile.ts';
export {
  useAuth,
  browserTimeZone,
  loginUrl,
  onSignedOut,
  wasSignedOutHere,
  LOGIN_URL,
  LOGOUT_URL,
} from './auth/use-auth.ts';
export {
  ThemeProvider,
  useTheme,
  THEME_STORAGE_KEY,
  type ThemePreference,
  type ResolvedTheme,
} from './theme/theme-context.tsx';
export { antdTheme } from './theme/antd-theme.ts';
export { PageSpinner } from './components/page-spinner.tsx';
export { FirstScreenOr, holdFirstScreen, releaseFirstScreen } from './components/first-screen.tsx';
export { XpBar } from './components/xp-bar.tsx';
export { PageHeader } from './components/page-header.tsx';
export { NotFoundPage, StatusPage } from './components/not-found-page.tsx';
export { ToastProvider, useToast } from './components/toast.tsx';
export { renderStandalone } from './standalone.tsx';
export {
  createOfflineQueue,
  indexedDbStore,
  isOfflineError,
  memoryStore,
  offlineQueue,
  type OfflineQueue,
  type QueuedCall,
  type QueueStore,
  type ReplayResult,
} from './offline/offline-queue.ts';
export { useOfflineQueue } from './offline/use-offline-queue.ts';
export { zodRule } from './forms/zod-rule.ts';
