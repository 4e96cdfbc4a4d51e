// Admin user calls (product-spec.md section 7 "Admin users"): the list with the admin headers;
// every write with adminUsername and authenticated in the body. Each write resolves to the
// server's message.
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/api-client.ts';
import {
  ADMIN_USER_PATHS,
  adminMessageReply,
  adminUsersReply,
  createUserReply,
  resetPasswordPath,
  updateUserPath,
  updateUserReply,
  type AdminUser,
  type CreateUserReply,
  type VolunteerSubRoleName,
} from '#shared/contracts/admin-users';
import { adminClaims, adminHeaders } from '../../session/admin-identity.ts';

export interface UserForm {
  username: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Every user (clients, volunteers, admins) by user id. */
export async function loadUsers(): Promise<AdminUser[]> {
  const reply = await apiGet(ADMIN_USER_PATHS.users, {
    headers: adminHeaders(),
    schema: adminUsersReply,
  });
  const { clients, volunteers, admins } = reply.data;
  return [...clients, ...volunteers, ...admins].sort((a, b) => a.userId - b.userId);
}

export async function deleteUser(username: string): Promise<string> {
  const body = { ...adminClaims(), username };
  return (await apiDelete(ADMIN_USER_PATHS.delete, body, { schema: adminMessageReply })).message;
}

export async function resetPassword(userId: number, newPassword: string): Promise<string> {
  const body = { ...adminClaims(), newPassword };
  return (await apiPut(resetPasswordPath(userId), body, { schema: adminMessageReply })).message;
}

/** The reply carries the generated password, shown to the admin once. */
export function createUser(form: UserForm): Promise<CreateUserReply> {
  return apiPost(
    ADMIN_USER_PATHS.create,
    { ...adminClaims(), ...form },
    { schema: createUserReply },
  );
}

export async function updateUser(userId: number, form: UserForm): Promise<string> {
  const body = { ...adminClaims(), ...form };
  return (await apiPut(updateUserPath(userId), body, { schema: updateUserReply })).message;
}

export async function updateSubrole(
  userId: number,
  volunteerSubRole: VolunteerSubRoleName,
  notes: string,
): Promise<string> {
  const body = { ...adminClaims(), userId: String(userId), volunteerSubRole, notes };
  return (await apiPut(ADMIN_USER_PATHS.subrole, body, { schema: adminMessageReply })).message;
}

export function formOf(user: AdminUser): UserForm {
  return {
    username: user.username,
    email: user.email ?? '',
    phone: user.phone ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    role: user.role,
  };
}

export const EMPTY_USER_FORM: UserForm = {
  username: '',
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  role: 'CLIENT',
};
