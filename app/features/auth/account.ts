/** The intents of "Your account"'s forms (admin-accounts.server.ts answers them). */
export const CHANGE_EMAIL = 'change-email'
export const INVITE_ADMIN = 'invite-admin'
export const REMOVE_ADMIN = 'remove-admin'
export const ACCOUNT_INTENTS = [CHANGE_EMAIL, INVITE_ADMIN, REMOVE_ADMIN] as const
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number]

/** What an invitation's page says once its link has expired or been used. */
export const INVITE_GONE =
  'This invitation has expired or was already used. Ask the owner to send a new one from Settings.'

export type AccountResult = { intent: AccountIntent } & (
  { ok: true; message: string } | { ok: false; error: string }
)

export function isAccountIntent(intent: unknown): intent is AccountIntent {
  return ACCOUNT_INTENTS.some((known) => known === intent)
}

/** The intent of "Your account"'s password form (password-reset.server.ts answers it). */
export const CHANGE_PASSWORD = 'change-password'

export type ChangePasswordResult = { intent: typeof CHANGE_PASSWORD } & (
  { ok: true; message: string } | { ok: false; error: string }
)
