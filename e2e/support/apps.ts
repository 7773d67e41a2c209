/** The three apps under test, each served by the API on its own *.localhost host (DESIGN §2). */
export interface AppUnderTest {
  /** Subdomain and project name. */
  host: 'reviewer' | 'requester' | 'admin';
  /** The role whose area the app serves (spec 01 §2). */
  area: 'worker' | 'requester' | 'admin';
  title: string;
}

export const APPS: readonly AppUnderTest[] = [
  { host: 'reviewer', area: 'worker', title: 'Sieve Reviewer' },
  { host: 'requester', area: 'requester', title: 'Sieve Requester' },
  { host: 'admin', area: 'admin', title: 'Sieve Admin' },
];

/** The app where a role works (spec 01 §2). */
export function appOfRole(role: AppUnderTest['area']): AppUnderTest {
  const app = APPS.find((candidate) => candidate.area === role);
  if (!app) throw new Error(`No app for ${role}`);
  return app;
}

export function appOrigin(app: AppUnderTest, port: number | string): string {
  return `http://${app.host}.localhost:${port}`;
}
