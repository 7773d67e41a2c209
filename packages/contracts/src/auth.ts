import { INVITE_EXPIRY_DAYS, PASSWORD_MAX_LENGTH } from './constants';
import { defineEndpoint, USER_TYPES } from './endpoint';
import { z } from './zod';

export const UserTypeSchema = z.enum(USER_TYPES);
export const AppAreaSchema = z.enum(['reviewer', 'requester', 'admin']);
export type AppArea = z.infer<typeof AppAreaSchema>;

const Email = z.string().trim().min(1, 'Email is required').max(254);
const Password = z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH);

export const LoginBody = z
  .strictObject({ email: Email, password: Password, remember: z.boolean().optional() })
  .meta({ id: 'LoginBody' });
export const SessionResponse = z
  .object({ token: z.string(), user_type: UserTypeSchema, user_id: z.string(), expires_at: z.string() })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const RegisterBody = z
  .strictObject({
    email: Email,
    password: Password,
    full_name: z.string().trim().min(1, 'Full name is required').max(200),
    user_type: UserTypeSchema,
    invite_code: z.string().trim().max(64).optional().nullable(),
    organization: z.string().trim().max(200).optional(),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const CurrentUser = z
  .object({
    uid: z.string(),
    email: z.string(),
    userType: UserTypeSchema,
    isApproved: z.boolean(),
    emailVerified: z.boolean(),
    fullName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const PasswordResetBody = z.strictObject({ email: Email }).meta({ id: 'PasswordResetBody' });
export const PasswordResetConfirmBody = z
  .strictObject({ token: z.string().min(10).max(200), password: Password })
  .meta({ id: 'PasswordResetConfirmBody' });
export const AcceptedResponse = z.object({ status: z.literal('accepted') }).meta({ id: 'AcceptedResponse' });
export const OkResponse = z.object({ status: z.literal('ok') }).meta({ id: 'OkResponse' });

export const HandoffBody = z.strictObject({ target: AppAreaSchema }).meta({ id: 'HandoffBody' });
export const HandoffResponse = z
  .object({ code: z.string(), url: z.string(), expires_at: z.string() })
  .meta({ id: 'HandoffResponse' });
export const HandoffExchangeBody = z
  .strictObject({ code: z.string().min(10).max(200) })
  .meta({ id: 'HandoffExchangeBody' });

export const InviteRoleSchema = z.enum(['worker', 'admin']);
export const GenerateInviteBody = z
  .strictObject({
    role: InviteRoleSchema,
    expiry_days: z.coerce
      .number()
      .int()
      .refine(
        (d) => (INVITE_EXPIRY_DAYS as readonly number[]).includes(d),
        'Expiry must be 1, 7, 30, 90 or 365 days',
      )
      .default(7),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{4,64}$/, 'Use 4 to 64 letters, digits, dashes or underscores')
      .optional()
      .nullable()
      .or(z.literal('').transform(() => undefined)),
  })
  .meta({ id: 'GenerateInviteBody' });
export const InviteResponse = z
  .object({ invite_code: z.string(), role: InviteRoleSchema, expires_at: z.string() })
  .meta({ id: 'InviteResponse' });

export const authEndpoints = {
  login: defineEndpoint({
    id: 'login',
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in; also sets the session cookie',
    tag: 'auth',
    access: 'public',
    body: LoginBody,
    response: { status: 200, schema: SessionResponse, description: 'The session' },
  }),
  register: defineEndpoint({
    id: 'register',
    method: 'post',
    path: '/auth/register',
    summary: 'Create an account (Reviewer and Admin need an invite code)',
    tag: 'auth',
    access: 'public',
    body: RegisterBody,
    response: { status: 201, schema: SessionResponse, description: 'The new account, signed in' },
  }),
  logout: defineEndpoint({
    id: 'logout',
    method: 'post',
    path: '/auth/logout',
    summary: 'Sign out: revokes the token',
    tag: 'auth',
    access: USER_TYPES,
    response: { status: 200, schema: OkResponse, description: 'Signed out' },
  }),
  me: defineEndpoint({
    id: 'getCurrentUser',
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in user',
    tag: 'auth',
    access: USER_TYPES,
    response: { status: 200, schema: CurrentUser, description: 'The current user' },
  }),
  passwordReset: defineEndpoint({
    id: 'requestPasswordReset',
    method: 'post',
    path: '/auth/password-reset',
    summary: 'Mail a single-use reset link (always 202: no account enumeration)',
    tag: 'auth',
    access: 'public',
    body: PasswordResetBody,
    response: { status: 202, schema: AcceptedResponse, description: 'Accepted' },
  }),
  passwordResetConfirm: defineEndpoint({
    id: 'confirmPasswordReset',
    method: 'post',
    path: '/auth/password-reset/confirm',
    summary: 'Set a new password with a reset token; ends every other session',
    tag: 'auth',
    access: 'public',
    body: PasswordResetConfirmBody,
    response: { status: 200, schema: OkResponse, description: 'Password changed' },
  }),
  handoff: defineEndpoint({
    id: 'createHandoff',
    method: 'post',
    path: '/auth/handoff',
    summary: "A one-time code (60 s) that signs the user in on their role's app",
    tag: 'auth',
    access: USER_TYPES,
    body: HandoffBody,
    response: { status: 201, schema: HandoffResponse, description: 'The code and the URL to open' },
  }),
  handoffExchange: defineEndpoint({
    id: 'exchangeHandoff',
    method: 'post',
    path: '/auth/handoff/exchange',
    summary: 'Exchange a hand-off code for a session',
    tag: 'auth',
    access: 'public',
    body: HandoffExchangeBody,
    response: { status: 200, schema: SessionResponse, description: 'The session' },
  }),
  generateInvite: defineEndpoint({
    id: 'generateInvite',
    method: 'post',
    path: '/admin/generate_invite',
    summary: 'Generate a single-use, role-bound, expiring invite code',
    tag: 'admin',
    access: ['admin'],
    body: GenerateInviteBody,
    response: { status: 201, schema: InviteResponse, description: 'The invite code' },
  }),
} as const;
