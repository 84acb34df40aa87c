/** Passwords: never truncated; long passphrases welcome. The browser may load this file. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
