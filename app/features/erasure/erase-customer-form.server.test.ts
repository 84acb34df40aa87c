/**
 * The owner's erasure form in her settings: it erases only a real address,
 * only once she ticks that it cannot be undone, and says what it erased.
 */
import { expect, test } from 'vitest'
import { submitContactMessage } from '#app/features/contact/contact-messages.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveEraseCustomerAction } from './erase-customer.server.ts'

const NOW = new Date('2026-11-23T20:00:00Z')

test('the settings form erases only with a real address and a deliberate tick', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  await submitContactMessage(
    db,
    { name: 'Lee Chan', email: 'lee@example.com', phone_number: '4165550101', message: 'Hello' },
    NOW,
  )
  const post = (fields: Record<string, string>) =>
    receiveEraseCustomerAction({
      request: new Request('http://localhost/admin/settings', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'erase-customer', ...fields }),
      }),
      db,
      store,
      dataDir,
    })
  expect(await post({ email: 'lee@example.com' })).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Tick that you understand the erasure cannot be undone.' },
  })
  expect(await post({ email: 'not an address', confirm: 'on' })).toMatchObject({ status: 400 })
  expect(await db.selectFrom('contact_message').select('id').execute()).toHaveLength(1)
  expect(await post({ email: 'LEE@example.com', confirm: 'on' })).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message: 'Erased LEE@example.com: 0 requests, 1 message, 0 photos and 1 email.',
    },
  })
  expect(await db.selectFrom('contact_message').select('id').execute()).toEqual([])
  expect((await post({ email: 'nobody@example.com', confirm: 'on' })).body).toMatchObject({
    message: 'Nothing was stored for nobody@example.com.',
  })
})
