// The spec's form rules (product-spec.md section 5) with their exact messages, as pure
// functions shared by the web client (shown under the form) and the server (400 replies).
// Each validator returns the first failing message, or null when the input passes.
// Texts marked "not in the spec" fill a gap the spec leaves (it names the rule, not a text).

export const MESSAGES = {
  loginRequired: 'Please enter your username or email and password.', // not in the spec
  cartEmpty: 'Your cart is empty.',
  clientOrderFields: 'Please fill in delivery address, phone number, and notes.',
  guestAddress: 'Please fill in delivery address.',
  guestFields: 'Please fill in first name, last name, email, phone, and notes.',
  itemQuantity: 'Please enter a valid quantity.',
  customItemName: 'Please enter an item name.',
  customItemQuantity: 'Please enter a valid quantity (positive integer).',
  usernameRequired: 'Username is required',
  usernameLetters: 'Username can only contain English letters',
  registrationEmail: 'The email is not formatted correctly',
  registrationPhone: 'The format of the phone number is incorrect',
  registrationPassword:
    'The password must be at least 8 digits long and contain both letters and numbers',
  registrationPasswordMismatch: 'Two different passwords',
  profileUsername: 'Username must contain only letters.',
  profileUsernameSame: 'The new username must be different from the current one.', // not in the spec
  profileEmail: 'Please enter a valid email address.',
  profileEmailSame: 'The new email must be different from the current one.', // not in the spec
  profilePassword: 'Password must be alphanumeric and at least 8 characters long.',
  profilePasswordMismatch: 'The two passwords do not match.',
  profilePhone: 'Phone number must be a 10-digit US number.',
  profilePhoneSame: 'The new phone number must be different from the current one.', // not in the spec
  currentPasswordRequired: 'Current password is required.',
  /** beyond-spec.md section 1 "Passwords": the server's list of common passwords refused it. */
  passwordTooCommon: 'This password is too common. Choose another.',
  feedbackContent: 'Feedback content cannot be empty.',
  feedbackPhone: 'Phone number cannot be empty.',
  volunteerFirstName: 'First name is required',
  volunteerLastName: 'Last name is required',
  volunteerEmail: 'Invalid email format',
  volunteerPhone: 'Invalid phone number',
  resetEmailRequired: 'Email is required',
  resetFieldsRequired: 'Email, OTP, and new password are required.',
  cargoItemIdRequired: 'Enter Item ID to update',
  orderHistoryGuest: 'Order history is not available for guest users.',
} as const;

/** Letters A–Z only ('English letters'). */
export const USERNAME_PATTERN = /^[A-Za-z]+$/;
/** Something@something.tld without spaces: the usual pragmatic check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Registration: 10 or 11 digits. */
export const REGISTRATION_PHONE_PATTERN = /^\d{10,11}$/;
/** Profile: exactly 10 digits (a US number). */
export const PROFILE_PHONE_PATTERN = /^\d{10}$/;
/** Volunteer form: digits, spaces, dashes, plus or brackets, with at least one digit. */
export const VOLUNTEER_PHONE_PATTERN = /^(?=.*\d)[\d\s\-+()]+$/;
/** Registration: letters and digits only, at least 8, at least one letter and one digit. */
export const REGISTRATION_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
/** Profile (and reset): letters and digits only, at least 8. */
export const PROFILE_PASSWORD_PATTERN = /^[A-Za-z\d]{8,}$/;
/**
 * beyond-spec.md section 1 "Passwords": a password set by a profile change, a reset or an
 * admin reset also needs a letter and a digit. The spec's text for that rule is registration's
 * message, so it is the one shown; the shorter rules keep their own messages.
 */
export const PASSWORD_LETTER_AND_DIGIT = /^(?=.*[A-Za-z])(?=.*\d)/;

type Text = string | null | undefined;

function blank(value: Text): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Parses a typed quantity ('3', 3) to a number; anything else is NaN. */
function quantityOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
}

export function validateLogin(input: { username?: Text; password?: Text }): string | null {
  return blank(input.username) || blank(input.password) ? MESSAGES.loginRequired : null;
}

/** Registration step 1: username required and letters only; email and phone optional. */
export function validateRegistrationStep1(input: {
  username?: Text;
  email?: Text;
  phone?: Text;
}): string | null {
  if (blank(input.username)) return MESSAGES.usernameRequired;
  if (!USERNAME_PATTERN.test(input.username ?? '')) return MESSAGES.usernameLetters;
  if (!blank(input.email) && !EMAIL_PATTERN.test(input.email ?? ''))
    return MESSAGES.registrationEmail;
  if (!blank(input.phone) && !REGISTRATION_PHONE_PATTERN.test(input.phone ?? ''))
    return MESSAGES.registrationPhone;
  return null;
}

/**
 * Registration step 2. `confirmPassword` is the form's second field; the server never
 * receives it and leaves it out, so only the password rule applies there.
 */
export function validateRegistrationStep2(input: {
  password?: Text;
  confirmPassword?: Text;
}): string | null {
  if (!REGISTRATION_PASSWORD_PATTERN.test(input.password ?? ''))
    return MESSAGES.registrationPassword;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password)
    return MESSAGES.registrationPasswordMismatch;
  return null;
}

/** The whole registration payload (the server's check): step 1, then step 2. */
export function validateRegistration(input: {
  username?: Text;
  email?: Text;
  phone?: Text;
  password?: Text;
  confirmPassword?: Text;
}): string | null {
  return validateRegistrationStep1(input) ?? validateRegistrationStep2(input);
}

export function validateProfileUsername(input: {
  newUsername?: Text;
  currentUsername?: Text;
}): string | null {
  if (!USERNAME_PATTERN.test(input.newUsername ?? '')) return MESSAGES.profileUsername;
  if (input.newUsername === input.currentUsername) return MESSAGES.profileUsernameSame;
  return null;
}

export function validateProfileEmail(input: {
  newEmail?: Text;
  currentEmail?: Text;
  currentPassword?: Text;
}): string | null {
  const email = input.newEmail?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) return MESSAGES.profileEmail;
  // Emails compare case-insensitively (domain-decisions.md "People").
  if (email.toLowerCase() === input.currentEmail?.trim().toLowerCase())
    return MESSAGES.profileEmailSame;
  if (blank(input.currentPassword)) return MESSAGES.currentPasswordRequired;
  return null;
}

/**
 * A password set on the profile or through a reset: the profile's rule (its message), then a
 * letter and a digit. Whether it is a common password only the server knows (its list is
 * large); it answers MESSAGES.passwordTooCommon.
 */
function validateNewPassword(password: Text): string | null {
  if (!PROFILE_PASSWORD_PATTERN.test(password ?? '')) return MESSAGES.profilePassword;
  if (!PASSWORD_LETTER_AND_DIGIT.test(password ?? '')) return MESSAGES.registrationPassword;
  return null;
}

/** `confirmPassword` is checked when given (the form); the server never receives it. */
export function validateProfilePassword(input: {
  newPassword?: Text;
  confirmPassword?: Text;
  currentPassword?: Text;
}): string | null {
  const invalid = validateNewPassword(input.newPassword);
  if (invalid !== null) return invalid;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword)
    return MESSAGES.profilePasswordMismatch;
  if (blank(input.currentPassword)) return MESSAGES.currentPasswordRequired;
  return null;
}

export function validateProfilePhone(input: {
  newPhone?: Text;
  currentPhone?: Text;
  currentPassword?: Text;
}): string | null {
  const phone = input.newPhone?.trim() ?? '';
  if (!PROFILE_PHONE_PATTERN.test(phone)) return MESSAGES.profilePhone;
  if (phone === input.currentPhone?.trim()) return MESSAGES.profilePhoneSame;
  if (blank(input.currentPassword)) return MESSAGES.currentPasswordRequired;
  return null;
}

export function validateFeedback(input: { content?: Text; phoneNumber?: Text }): string | null {
  if (blank(input.content)) return MESSAGES.feedbackContent;
  if (blank(input.phoneNumber)) return MESSAGES.feedbackPhone;
  return null;
}

export function validateVolunteerApplication(input: {
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
}): string | null {
  if (blank(input.firstName)) return MESSAGES.volunteerFirstName;
  if (blank(input.lastName)) return MESSAGES.volunteerLastName;
  if (!EMAIL_PATTERN.test(input.email?.trim() ?? '')) return MESSAGES.volunteerEmail;
  if (!VOLUNTEER_PHONE_PATTERN.test(input.phone?.trim() ?? '')) return MESSAGES.volunteerPhone;
  return null;
}

export function validateResetRequest(input: { email?: Text }): string | null {
  return blank(input.email) ? MESSAGES.resetEmailRequired : null;
}

export function validateResetVerify(input: {
  email?: Text;
  otp?: Text;
  newPassword?: Text;
}): string | null {
  if (blank(input.email) || blank(input.otp) || blank(input.newPassword))
    return MESSAGES.resetFieldsRequired;
  return null;
}

/** A new password set through the reset (the spec names no rule there: the profile's applies). */
export function validateResetPassword(newPassword: Text): string | null {
  return validateNewPassword(newPassword);
}

/** Placing an order: the cart must hold at least one line. */
export function validateCartNotEmpty(lines: readonly unknown[]): string | null {
  return lines.length === 0 ? MESSAGES.cartEmpty : null;
}

export function validateClientOrder(input: {
  items: readonly unknown[];
  deliveryAddress?: Text;
  phoneNumber?: Text;
  notes?: Text;
}): string | null {
  const empty = validateCartNotEmpty(input.items);
  if (empty !== null) return empty;
  if (blank(input.deliveryAddress) || blank(input.phoneNumber) || blank(input.notes))
    return MESSAGES.clientOrderFields;
  return null;
}

export function validateGuestOrder(input: {
  items: readonly unknown[];
  deliveryAddress?: Text;
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
  notes?: Text;
}): string | null {
  const empty = validateCartNotEmpty(input.items);
  if (empty !== null) return empty;
  if (blank(input.deliveryAddress)) return MESSAGES.guestAddress;
  const fields = [input.firstName, input.lastName, input.email, input.phone, input.notes];
  if (fields.some(blank)) return MESSAGES.guestFields;
  return null;
}

/** Item-detail dialog: a whole quantity above 0. */
export function validateItemQuantity(quantity: number | string): string | null {
  const n = quantityOf(quantity);
  return Number.isInteger(n) && n > 0 ? null : MESSAGES.itemQuantity;
}

/** Custom-item dialog: a name, and a positive integer quantity. */
export function validateCustomItem(input: {
  name?: Text;
  quantity: number | string;
}): string | null {
  if (blank(input.name)) return MESSAGES.customItemName;
  const n = quantityOf(input.quantity);
  return Number.isInteger(n) && n > 0 ? null : MESSAGES.customItemQuantity;
}

/** Update-cargo drawer: the item ID is required. */
export function validateCargoItemId(itemId: Text): string | null {
  return blank(itemId) ? MESSAGES.cargoItemIdRequired : null;
}

/** Order history needs a numeric user id (a guest has none). */
export function validateOrderHistoryUserId(userId: unknown): string | null {
  const text = typeof userId === 'number' ? String(userId) : userId;
  return typeof text === 'string' && /^\d+$/.test(text) ? null : MESSAGES.orderHistoryGuest;
}
