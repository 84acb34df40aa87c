import { expect, test } from 'vitest'
import { makeTempDir } from '#tests/support/database.ts'
import { createAdmin, listAdmins } from './admins.server.ts'
import { openStores } from './open-stores.server.ts'

test('the stores open migrated on a new data folder, and open again on the same one with its admins', async () => {
  const dataDir = await makeTempDir()
  const env = { DATA_DIR: dataDir, SITE_URL: 'http://localhost:3000', AUTH_SECRET: undefined }

  const first = await openStores(env)
  await createAdmin(first.auth, 'owner@bakery.test', 'correct horse battery staple')
  expect(await first.db.selectFrom('contact_message').selectAll().execute()).toEqual([])
  await first.db.destroy()

  const second = await openStores(env)
  expect((await listAdmins(second.auth)).map((admin) => admin.email)).toEqual(['owner@bakery.test'])
  await second.db.destroy()
})
