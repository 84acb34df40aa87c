import { serializeTransactions, type Db } from '#app/db/db.server.ts'
import { AdminError, createAdmin } from '#app/features/auth/admins.server.ts'
import { type Auth, createAuth } from '#app/features/auth/auth.server.ts'
import { newPasswordOf, signInWithNewPassword } from '#app/features/auth/new-password.server.ts'
import { setupTokenWorks, spendSetupToken } from '#app/features/auth/setup-link.server.ts'
import { replaceMenu } from '#app/features/menu/menu.server.ts'
import {
  checkSiteSection,
  plainWords,
  readSiteSection,
  replaceSiteWords,
  saveSiteSection,
} from '#app/features/site-content/site-content.server.ts'
import { readAdminForm, NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import type { Reply } from '#app/utils/reply.ts'
import {
  BAKERY_NAME_FIELD,
  CURRENCY_FIELD,
  DEMO_FIELD,
  OWNER_NAME_FIELD,
  SETUP_REFUSALS,
  TIME_ZONE_FIELD,
  type SetupReply,
  type SetupState,
} from './setup-form.ts'

/**
 * The first-run setup (docs/decisions/058): with the link printed at boot,
 * the owner makes her own account, names her bakery and herself, sets its
 * time zone and currency, and chooses whether to start from the demo's menu
 * and words.
 */

async function adminCount(auth: Auth): Promise<number> {
  const context = await auth.$context
  return context.internalAdapter.countTotalUsers()
}

/** What the page shows for `token`: the form, or why not. */
export async function readSetupState(db: Db, auth: Auth, token: string): Promise<SetupState> {
  if ((await adminCount(auth)) > 0) return 'set-up'
  return (await setupTokenWorks(db, token)) ? 'open' : 'bad-link'
}

/** A refusal decided inside the transaction: it rolls everything back. */
class SetupRefused extends Error {
  constructor(readonly state: Exclude<SetupState, 'open'>) {
    super(SETUP_REFUSALS[state])
  }
}

/**
 * The form's post. Everything is checked first; then one transaction spends
 * the token, makes the admin, names the bakery and, without the demo,
 * empties the menu and writes plain words. Two tabs posting at once: the
 * first makes the admin, the other finds the token spent and is told so.
 * The new admin is then signed in on this browser.
 */
export async function receiveFirstRunSetup({
  request,
  token,
  db,
  auth,
}: {
  request: Request
  token: string
  db: Db
  auth: Auth
}): Promise<Reply<SetupReply> & { headers: Headers }> {
  const headers = new Headers()
  const fail = (status: number, error: string, field?: string) => ({
    status,
    body: { ok: false as const, error, ...(field ? { field } : {}) },
    headers,
  })
  const state = await readSetupState(db, auth, token)
  if (state !== 'open') return fail(state === 'set-up' ? 403 : 410, SETUP_REFUSALS[state])
  const form = await readAdminForm(request)
  if (!form) return fail(400, NOT_UNDERSTOOD)
  const checked = await checkSetupForm(db, form)
  if (!checked.ok) return fail(400, checked.error, checked.field)
  try {
    await writeSetup({ db, auth, token, setup: checked })
  } catch (error) {
    if (error instanceof SetupRefused) {
      return fail(error.state === 'set-up' ? 403 : 410, error.message)
    }
    if (error instanceof AdminError) return fail(400, error.message, 'email')
    throw error
  }
  const { email, password } = checked
  await signInWithNewPassword(auth, { email, password, request, headers })
  return { status: 200, body: { ok: true }, headers }
}

const refuse = (error: string, field: string) => ({ ok: false as const, error, field })

/** Her email, password, names, time zone and currency checked, and the plain words unless she chose the demo. */
async function checkSetupForm(db: Db, form: Record<string, string>) {
  const email = (form.email ?? '').trim().toLowerCase()
  if (!isEmailAddress(email)) {
    return refuse('Enter your email address, like name@example.com.', 'email')
  }
  const chosen = newPasswordOf(form, 'The two passwords differ. Type the same password twice.')
  if (!chosen.ok) return refuse(chosen.error, 'password')
  const demo = form[DEMO_FIELD]
  if (demo !== 'yes' && demo !== 'no') {
    return refuse('Choose whether to start with the demo menu and words.', DEMO_FIELD)
  }
  const named = { name: form[BAKERY_NAME_FIELD] ?? '', ownerName: form[OWNER_NAME_FIELD] ?? '' }
  const identity = checkSiteSection('identity', {
    ...(demo === 'yes'
      ? await readSiteSection(db, 'identity')
      : plainWords({ ...named, email }).identity),
    ...named,
  })
  if (!identity.ok) {
    if (identity.errors.name) return refuse(identity.errors.name, BAKERY_NAME_FIELD)
    return refuse(identity.errors.ownerName ?? 'Please check your name.', OWNER_NAME_FIELD)
  }
  // The plain words say her names as checked: the stories are written with them.
  const words =
    demo === 'yes'
      ? null
      : plainWords({ name: identity.value.name, ownerName: identity.value.ownerName, email })
  // Her time zone and currency (decision 057), checked by the Local settings' schema;
  // the locale stays as seeded until she changes it in Settings › Your site.
  const local = checkSiteSection('local', {
    ...(await readSiteSection(db, 'local')),
    timeZone: form[TIME_ZONE_FIELD] ?? '',
    currency: form[CURRENCY_FIELD] ?? '',
  })
  if (!local.ok) {
    if (local.errors.timeZone) return refuse(local.errors.timeZone, TIME_ZONE_FIELD)
    return refuse(local.errors.currency ?? 'Please check the currency.', CURRENCY_FIELD)
  }
  return {
    ok: true as const,
    email,
    password: chosen.password,
    identity: identity.value,
    local: local.value,
    words,
  }
}

/** In one transaction: spends the token, makes the admin, and writes her bakery's names and words. */
async function writeSetup({
  db,
  auth,
  token,
  setup: { email, password, identity, local, words },
}: {
  db: Db
  auth: Auth
  token: string
  setup: Extract<Awaited<ReturnType<typeof checkSetupForm>>, { ok: true }>
}): Promise<void> {
  const context = await auth.$context
  await db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, 'first-run-setup')
    if (!(await spendSetupToken(trx, token))) throw new SetupRefused('bad-link')
    // better-auth over this transaction: the admin is made with the token spent, or neither.
    const inside = createAuth({ db: trx, siteUrl: context.baseURL, secret: context.secret })
    if ((await adminCount(inside)) > 0) throw new SetupRefused('set-up')
    await createAdmin(inside, email, password)
    if (words) {
      await replaceSiteWords(trx, { ...words, identity })
      await replaceMenu(trx, [])
    } else {
      await saveSiteSection(trx, 'identity', identity)
    }
    await saveSiteSection(trx, 'local', local)
  })
}
