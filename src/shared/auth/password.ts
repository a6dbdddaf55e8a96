/** Password length rules (spec section 5), apart from the schemas so a page can name them without zod. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
