/** The spec's numbers in one place, named (spec 01 §9, spec 02 §9). */

export const APP_VERSION = '0.2.0';

// spec 01 §9 session
export const SESSION = {
  inactivityTimeoutMs: 1_800_000,
  warningPeriodMs: 300_000,
  maxSessionDurationMs: 43_200_000,
  countdownTickMs: 1_000,
} as const;

// spec 01 §9 passwords and email
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const TLD_MIN_LENGTH = 2;

// spec 01 §3 local browser storage keys
export const STORAGE_KEYS = {
  authToken: 'authToken',
  userType: 'userType',
  userId: 'userId',
  userEmail: 'userEmail',
  inactivityTimeout: 'inactivityTimeout',
  warningPeriod: 'warningPeriod',
  maxSessionDuration: 'maxSessionDuration',
  theme: 'sieve-ui-theme',
  viewMode: 'sieve-view-mode',
  themeColors: 'sieve-theme-colors',
  testSubmissions: 'test_submissions',
} as const;

// spec 01 §9 reviewer workspace
export const REVIEWER = {
  queueRefreshMs: 30_000,
  historyPageSize: 20,
  dailyGoal: 50,
  streakHighlightAt: 10,
  oldBadgeAfterMs: 24 * 60 * 60 * 1000,
  taskIdDisplayLength: 16,
  inlineTextMaxLength: 50,
  sourcePanel: { minPercent: 20, maxPercent: 50, defaultPercent: 30 },
  queuePanel: { minPercent: 10, maxPercent: 40, defaultPercent: 25 },
  zoom: { minPercent: 50, maxPercent: 200, stepPercent: 25, defaultPercent: 100 },
  overviewOfferedTasks: 3,
  reviewColumnThreshold: 0.3,
  defaultConfidenceScore: -10,
} as const;

export const ACHIEVEMENTS = {
  hotStreakAt: 5,
  qualityMasterAt: 0.9,
  speedDemonUnderSeconds: 120,
  centuryClubAt: 100,
} as const;

// spec 01 §4 confidence bands: probability = exp(confidence_score)
export const CONFIDENCE = { high: 0.95, medium: 0.85 } as const;

// spec 01 §7 / §9 review defaults
export const REVIEW_DEFAULTS = {
  unedited: { confidenceScore: -0.1, confidence: 0.8 },
  edited: { confidenceScore: -0.5, confidence: 0.9 },
  confidence: 0.8,
} as const;

export const SLIDE_ANIMATION_SECONDS = 0.4;

export const FEATURE_FLAGS = {
  aiPrioritisation: false,
  realTimeCollaboration: false,
  unifiedDashboard: false,
  voiceCommands: false,
} as const;

// spec 02 §9
export const DASHBOARD_REFRESH_MS = 30_000;
/** issue 40: the admin's team counts, health and alerts change within a second of the event. */
export const LIVE_FIGURES_REFRESH_MS = 1_000;
/** issue 15: while a request is in flight the requester's Active view and details poll this often. */
export const IN_FLIGHT_REFRESH_MS = 3_000;
export const HISTORY_PAGE_SIZES = [10, 50, 100] as const;
export const HISTORY_DEFAULT_PAGE_SIZE = 10;
export const DASHBOARD_FETCH_LIMIT = 50;
export const DASHBOARD_RECENT_COUNT = 10;
export const OVERVIEW_RECENT_COUNT = 5;
export const EXPORT_ALL_LIMIT = 1000;
export const COST_PER_REQUEST_ESTIMATE = 0.1;
export const TOP_DOCUMENT_TYPES = 5;
export const UPLOAD_MAX_BYTES = 10_485_760;
export const WEBSITE_MAX_PAGES = { min: 1, max: 100, default: 10 } as const;
export const URL_CHECK_DEBOUNCE_MS = 500;
export const URL_CHECK_MIN_LENGTH = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const SUCCESS_BANNER_MS = 5_000;
export const INVITE_EXPIRY_DAYS = [1, 7, 30, 90, 365] as const;
export const INVITE_DEFAULT_EXPIRY_DAYS = 7;
export const INVITE_ROLES = ['worker', 'admin'] as const;
export const USAGE_BAR = { warnAbovePercent: 80, fullAtPercent: 100 } as const;
export const ADMIN_QUEUE_BAR_MAX = { pending: 200, processing: 100 } as const;
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_SCROLL_HEIGHT = 600;

export const BOTTLENECK = { pendingHigh: 100, activeWorkersMedium: 10 } as const;
export const HEALTH_RULES = {
  criticalErrorRatio: 0.1,
  criticalMinRequests: 10,
  degradedErrorRatio: 0.05,
  degradedActiveWorkerRatio: 0.3,
  degradedMinWorkers: 5,
  degradedPending: 200,
} as const;
export const ALERT_RULES = {
  serviceHealthWarn: 0.9,
  serviceHealthCritical: 0.8,
  errorRateWarn: 0.05,
  throughputWarn: 100,
  efficiencyInfo: 80,
} as const;
export const WORKER_RATING = { green: 4.5, yellow: 3.5 } as const;
export const REJECTIONS_HIGHLIGHT_ABOVE = 5;
export const TOP_PERFORMER_HIGHLIGHT_ABOVE = 0.9;

// DESIGN §4 / §10
export const DEFAULT_CLAIM_LEASE_SECONDS = 1800;
export const REQUIRED_REVIEWS = { allHigh: 1, default: 2, disputed: 3 } as const;

// spec 02 §5: accepted upload extensions per document type
export const FILE_TYPE_ACCEPT: Record<string, readonly string[]> = {
  pdf: ['.pdf'],
  csv: ['.csv'],
  excel: ['.xlsx', '.xls'],
  credit_card: ['.pdf', '.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.bmp', '.heic'],
  lease: ['.pdf', '.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.bmp', '.heic'],
  receipt_mapping: ['.pdf', '.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.bmp', '.heic'],
  pos_mapping: ['.pdf', '.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.bmp', '.heic'],
  admin_submit: ['.pdf', '.txt', '.doc', '.docx'],
};

/** The app each role works in (spec 01 §2). */
export const AREA_OF_ROLE = { worker: 'reviewer', requester: 'requester', admin: 'admin' } as const;
export const DASHBOARD_OF_ROLE = {
  worker: '/worker/dashboard',
  requester: '/requester/dashboard',
  admin: '/admin/dashboard',
} as const;
