import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type AccountResult,
  CHANGE_EMAIL,
  CHANGE_PASSWORD,
  type ChangePasswordResult,
  INVITE_ADMIN,
  isAccountIntent,
} from './account.ts'
import {
  receiveAdminInvite,
  receiveAdminRemoval,
  receiveEmailChange,
} from './admin-accounts.server.ts'
import type { Auth } from './auth.server.ts'
import { receivePasswordChange } from './password-reset.server.ts'

/**
 * The forms of Settings › Your account, each posted with its intent: her
 * sign-in email, inviting or removing an admin, and her password.
 */
export async function receiveAccountAction({
  request,
  auth,
  db,
  adminId,
  siteUrl,
}: {
  request: Request
  auth: Auth
  db: Db
  adminId: string
  siteUrl: string
}): Promise<Reply<AccountResult | ChangePasswordResult | { ok: false; error: string }>> {
  // A copy is read for the intent; each form's handler reads the request itself.
  const intent = (await readAdminForm(request.clone()))?.intent
  if (intent === CHANGE_PASSWORD) return receivePasswordChange({ request, auth, db, adminId })
  if (!isAccountIntent(intent)) return reply(400, { ok: false as const, error: NOT_UNDERSTOOD })
  if (intent === CHANGE_EMAIL) return receiveEmailChange({ request, auth, db, adminId })
  if (intent === INVITE_ADMIN) {
    return receiveAdminInvite({ request, auth, db, adminId, siteUrl })
  }
  return receiveAdminRemoval({ request, auth, adminId })
}
