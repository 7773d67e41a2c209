import { apiRequest } from '@sieve/auth';
import type { adminEndpoints, authEndpoints, INVITE_ROLES, InviteResponse, z } from '@sieve/contracts';

export type InviteRole = (typeof INVITE_ROLES)[number];
export type Invite = z.infer<typeof InviteResponse>;

const PATH = '/admin/generate_invite' satisfies (typeof authEndpoints)['generateInvite']['path'];

/** spec 01 §8 fallback */
export const INVITE_FAILED = 'Failed to generate invite code';

/** Same rule as the server (GenerateInviteBody): 4–64 letters, digits, dashes or underscores. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
export const CODE_RULE = 'Use 4 to 64 letters, digits, dashes or underscores';

export function customCodeProblem(code: string): string | null {
  const value = code.trim();
  if (value === '') return null;
  return CODE_PATTERN.test(value) ? null : CODE_RULE;
}

/** generateInviteCode(role, expiryDays, codeString) of spec 02 §7. */
export function generateInviteCode(role: InviteRole, expiryDays: number, code: string): Promise<Invite> {
  const custom = code.trim();
  return apiRequest<Invite>(PATH, {
    method: 'POST',
    body: { role, expiry_days: expiryDays, ...(custom ? { code: custom } : {}) },
  });
}

/** SWR key of the invite list: the newest 10 codes. */
export const RECENT_INVITES_KEY = `${'/admin/invites' satisfies (typeof adminEndpoints)['invites']['path']}?page=1&limit=10`;
