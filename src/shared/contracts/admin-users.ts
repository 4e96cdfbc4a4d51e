// Admin user calls (product-spec.md section 7 "Admin users"). Request schemas pin types and
// lengths; fields are nullish so a missing one gets a clear message from the server's own
// checks. The spec's identity fields (authenticated, adminUsername) are checked by the access
// plugin and stripped here. Ids arrive as numbers or digit strings (wire-protocol.md).
import { z } from 'zod';
import { message, type Message } from '../i18n/messages.ts';
import { optionalWireId } from './ids.ts';
import { pathTo } from './paths.ts';
import { successReply } from './replies.ts';

export const ADMIN_USER_PATHS = {
  users: '/api/admin/users',
  delete: '/api/admin/user/delete',
  resetPassword: '/api/admin/user/reset-password/:userId',
  create: '/api/admin/user/create',
  update: '/api/admin/user/update/:userId',
  subrole: '/api/admin/volunteer/subrole',
} as const;

export const resetPasswordPath = (userId: number | string) =>
  pathTo(ADMIN_USER_PATHS.resetPassword, { userId });
export const updateUserPath = (userId: number | string) =>
  pathTo(ADMIN_USER_PATHS.update, { userId });

export const ADMIN_USER_LIMITS = {
  username: 50,
  email: 254,
  phone: 20,
  name: 100,
  password: 128,
  notes: 2000,
} as const;

/** Text up to `max` characters. NUL is refused: PostgreSQL cannot store it in text columns. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'must not contain NUL characters')
    .nullish();

export const adminRoleSchema = z.enum(['CLIENT', 'VOLUNTEER', 'ADMIN']);
export const volunteerSubRoleSchema = z.enum(['REGULAR', 'TEAM_LEAD', 'CLINICIAN']);
export type VolunteerSubRoleName = z.infer<typeof volunteerSubRoleSchema>;

export const adminUser = z.object({
  userId: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: adminRoleSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  volunteerSubRole: volunteerSubRoleSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/users */
export const adminUsersReply = z.object({
  status: z.literal('success'),
  data: z.object({
    clients: z.array(adminUser),
    volunteers: z.array(adminUser),
    admins: z.array(adminUser),
  }),
});
export type AdminUsersReply = z.infer<typeof adminUsersReply>;

/** DELETE /api/admin/user/delete */
export const deleteUserRequest = z.object({ username: text(ADMIN_USER_LIMITS.username) });
export type DeleteUserRequest = z.infer<typeof deleteUserRequest>;

/** PUT /api/admin/user/reset-password/{userId} */
export const resetUserPasswordRequest = z.object({
  newPassword: text(ADMIN_USER_LIMITS.password),
});
export type ResetUserPasswordRequest = z.infer<typeof resetUserPasswordRequest>;

/**
 * The user fields of create and update. Role: CLIENT or VOLUNTEER; on update an ADMIN
 * target may also be sent ADMIN (unchanged), so editing an admin's details keeps them admin.
 */
export const userFieldsRequest = z.object({
  username: text(ADMIN_USER_LIMITS.username),
  email: text(ADMIN_USER_LIMITS.email),
  phone: text(ADMIN_USER_LIMITS.phone),
  firstName: text(ADMIN_USER_LIMITS.name),
  lastName: text(ADMIN_USER_LIMITS.name),
  role: z.string().max(20).nullish(),
});
export type UserFieldsRequest = z.infer<typeof userFieldsRequest>;

/**
 * POST /api/admin/user/create: the generated password is shown to the admin once. A replay of
 * the same Idempotency-Key (a reply lost on the way) answers with an empty generatedPassword:
 * the server never keeps the password itself, so the admin sets a new one with Reset Password.
 */
export const createUserReply = successReply({
  userId: z.number(),
  username: z.string(),
  generatedPassword: z.string(),
});
export type CreateUserReply = z.infer<typeof createUserReply>;

/** PUT /api/admin/user/update/{userId} */
export const updateUserReply = successReply({
  user: adminUser,
});
export type UpdateUserReply = z.infer<typeof updateUserReply>;

/** PUT /api/admin/volunteer/subrole: userId names the volunteer, not the caller. */
export const subroleRequest = z.object({
  userId: optionalWireId,
  volunteerSubRole: z.string().max(20).nullish(),
  notes: text(ADMIN_USER_LIMITS.notes),
});
export type SubroleRequest = z.infer<typeof subroleRequest>;

/** DELETE, reset-password and subrole reply with a message only. */
export const adminMessageReply = successReply({});
export type AdminMessageReply = z.infer<typeof adminMessageReply>;

/** What the admin-users routes say, worded in the caller's language by the server. */
export const ADMIN_USER_MESSAGES = {
  deleted: message('server.adminUsers.deleted'),
  created: message('server.adminUsers.created'),
  /** A replayed create: the password went with the first reply and is not kept. */
  createdPasswordNotKept: message('server.adminUsers.createdPasswordNotKept'),
  updated: message('server.adminUsers.updated'),
  passwordReset: message('server.adminUsers.passwordReset'),
  subroleUpdated: message('server.adminUsers.subroleUpdated'),
  /** The spec's alert when the subrole form has no user id (the client has its own). */
  userIdMissing: message('server.adminUsers.userIdMissing'),
  usernameMissing: message('server.adminUsers.usernameMissing'),
  userNotFound: message('server.adminUsers.userNotFound'),
  deleteSelf: message('server.adminUsers.deleteSelf'),
  lastAdminDelete: message('server.adminUsers.lastAdminDelete'),
  lastAdminDemote: message('server.adminUsers.lastAdminDemote'),
  ownRole: message('server.adminUsers.ownRole'),
  role: message('server.adminUsers.role'),
  subrole: message('server.adminUsers.subrole'),
  notVolunteer: message('server.adminUsers.notVolunteer'),
} as const satisfies Record<string, Message>;
