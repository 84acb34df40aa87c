import { type BakeryAddress, pickupAddressLine } from '#app/content/bakery-address.ts'
import type { Db } from '#app/db/db.server.ts'
import { readPickupAddress } from '#app/features/availability/booking-settings.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'

/**
 * Her whole address, read the one way (decision 084): the private street
 * from the booking settings' pickup address, the public city, region and
 * postal code from her identity. For her own settings, and for a customer
 * whose order is confirmed; never for a public page.
 */
export async function readBakeryAddress(db: Db): Promise<BakeryAddress> {
  const [street, identity] = await Promise.all([
    readPickupAddress(db),
    readSiteSection(db, 'identity'),
  ])
  const { city, region, postalCode } = identity
  return { street, city, region, postalCode }
}

/** Where a confirmed customer collects, on one line; empty when she has given no street. */
export async function readPickupAddressLine(db: Db): Promise<string> {
  return pickupAddressLine(await readBakeryAddress(db))
}
