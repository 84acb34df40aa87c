import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  readBookingSettings,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveAddressAction } from './address-action.server.ts'
import { readSiteSection, seedSiteContent } from './site-content.server.ts'
import { receiveSiteSettingsAction } from './site-settings-action.server.ts'

function post(fields: Record<string, string>) {
  return new Request('http://localhost/admin/settings/site', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The street goes where the pickup address always lived, as the route wires it. */
function saveAddress(db: Db, fields: Record<string, string>) {
  return receiveAddressAction({
    request: post({ intent: 'address', ...fields }),
    db,
    saveStreet: (trx, street) => updateBookingSettings(trx, { pickupAddress: street }),
  })
}

const VANCOUVER = {
  street: ' 12 Rosewood Crescent, Unit B ',
  city: 'Vancouver',
  region: 'BC',
  postal_code: 'v5k  0a1',
}

test('she fills in one address: the street stays private with the pickup address, the rest joins her identity', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)

  const saved = await saveAddress(db, VANCOUVER)
  expect(saved).toMatchObject({ status: 200, body: { section: 'address', status: 'saved' } })
  expect((await readBookingSettings(db)).pickupAddress).toBe('12 Rosewood Crescent, Unit B')
  const identity = await readSiteSection(db, 'identity')
  expect(identity).toMatchObject({ city: 'Vancouver', region: 'BC', postalCode: 'V5K 0A1' })
  // The street is never in the public words.
  expect(JSON.stringify(identity)).not.toContain('Rosewood')

  // Saving her identity keeps the address she set.
  const identityForm = {
    intent: 'identity',
    name: identity.name,
    owner_name: identity.ownerName,
    tagline: identity.tagline,
    title_words: identity.titleWords.join('\n'),
    email: identity.email,
    reply_time: identity.replyTime,
    since: identity.since,
    service_area: '',
  }
  const again = await receiveSiteSettingsAction({
    request: post(identityForm),
    db,
    savePolicies: async () => {},
    moneyRecorded: async () => false,
  })
  expect(again.status).toBe(200)
  expect(await readSiteSection(db, 'identity')).toMatchObject({
    serviceArea: '',
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })

  // Emptied, every part is left out again.
  await saveAddress(db, { street: '', city: '', region: '', postal_code: '' })
  expect((await readBookingSettings(db)).pickupAddress).toBe('')
  expect(await readSiteSection(db, 'identity')).toMatchObject({
    city: '',
    region: '',
    postalCode: '',
  })
})

test('a refused address names each field, keeps what she typed and writes nothing', async () => {
  const { db } = await openTestDatabase()
  await seedSiteContent(db)
  await updateBookingSettings(db, { pickupAddress: '1 Old Lane' })
  const before = await readSiteSection(db, 'identity')

  const refused = await saveAddress(db, {
    street: `12 Rosewood${'\u0007'} Crescent`,
    city: 'Van\ncouver',
    region: 'B'.repeat(61),
    postal_code: 'V5K#0A1',
  })
  expect(refused.status).toBe(400)
  expect(refused.body).toMatchObject({
    section: 'address',
    status: 'refused',
    error: 'Please check the words marked in red; nothing was saved.',
    values: { city: 'Van\ncouver', postal_code: 'V5K#0A1' },
    errors: {
      street: 'Street address cannot contain control characters.',
      city: 'City must fit on one line.',
      region: expect.stringMatching(/at most 60 characters/),
      postal_code: expect.stringMatching(/letters, digits and spaces/),
    },
  })
  expect((await readBookingSettings(db)).pickupAddress).toBe('1 Old Lane')
  expect(await readSiteSection(db, 'identity')).toEqual(before)

  // Direction overrides are taken out and the text composed (NFC), as in every owner field.
  const fixed = await saveAddress(db, {
    street: '\u202e12 Rosewood Crescent',
    city: 'Montre\u0301al',
    region: 'QC',
    postal_code: 'H2X 1Y4',
  })
  expect(fixed.status).toBe(200)
  expect((await readBookingSettings(db)).pickupAddress).toBe('12 Rosewood Crescent')
  expect((await readSiteSection(db, 'identity')).city).toBe('Montréal')

  const tooLong = await saveAddress(db, { ...VANCOUVER, street: 'x'.repeat(301) })
  expect(tooLong.status).toBe(400)
  expect(tooLong.body.errors).toEqual({
    street: 'Street address can be at most 300 characters.',
  })

  const stranger = await receiveAddressAction({
    request: post({ intent: 'identity' }),
    db,
    saveStreet: async () => {},
  })
  expect(stranger.status).toBe(400)
})
