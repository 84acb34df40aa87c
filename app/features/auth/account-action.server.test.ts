import { expect, test } from 'vitest'
import { NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { setUpAuth } from '#tests/support/admins.ts'
import { receiveAccountAction } from './account-action.server.ts'
import { CHANGE_EMAIL, CHANGE_PASSWORD, INVITE_ADMIN } from './account.ts'

const SITE = 'http://localhost:3000'
const OWNER = { email: 'owner@bakery.test', password: 'correct horse battery staple' }

function post(fields: Record<string, string>) {
  return new Request(`${SITE}/admin/settings/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
    body: new URLSearchParams(fields),
  })
}

test('Your account answers each of its forms under that form’s intent, and nothing else', async () => {
  const { auth, db } = await setUpAuth({ admin: OWNER })
  const context = await auth.$context
  const adminId = (await context.internalAdapter.findUserByEmail(OWNER.email))!.user.id
  const answer = (fields: Record<string, string>) =>
    receiveAccountAction({ request: post(fields), auth, db, adminId, siteUrl: SITE })

  // Each answer names its form, so the page shows it beside the right one.
  expect(
    await answer({
      intent: CHANGE_PASSWORD,
      current_password: 'not her password',
      password: 'a brand new password',
      confirm: 'a brand new password',
    }),
  ).toMatchObject({ status: 400, body: { intent: CHANGE_PASSWORD, ok: false } })
  expect(
    await answer({ intent: CHANGE_EMAIL, email: 'new@bakery.test', current_password: 'wrong' }),
  ).toMatchObject({ status: 400, body: { intent: CHANGE_EMAIL, ok: false } })
  expect(await answer({ intent: INVITE_ADMIN, email: 'not an address' })).toMatchObject({
    status: 400,
    body: { intent: INVITE_ADMIN, ok: false },
  })

  // A form that is not on the page, or no form at all, changes nothing.
  for (const fields of [{ intent: 'add' }, {}] as Record<string, string>[]) {
    expect(await answer(fields)).toEqual({
      status: 400,
      body: { ok: false, error: NOT_UNDERSTOOD },
    })
  }
  expect(await context.internalAdapter.findUserByEmail(OWNER.email)).not.toBeNull()
})
