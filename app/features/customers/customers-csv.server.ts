import { stringify } from 'csv-stringify/sync'
import type { Db } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { neutraliseFormula, spreadsheetAmount } from '#app/utils/spreadsheet-cells.ts'
import { noteFrom, readEveryNote } from './customer-notes.server.ts'
import { readEveryCustomer } from './customers.server.ts'

export const CUSTOMER_CSV_COLUMNS = [
  'name',
  'emails',
  'phones',
  'orders',
  'latest order',
  'paid',
  'allergies',
  'notes',
  'texts',
] as const

/** Per phone, her consents to texts as the texts feature writes them; none for a phone never asked. */
export type TextConsentLines = (phones: readonly string[]) => Promise<Record<string, string[]>>

/**
 * Her customers as one spreadsheet: a row each, newest first, with her
 * notes and, beside their phones, their consent to texts (when and where
 * given, when and how withdrawn), as her customer book shows them.
 */
export async function customersCsv(db: Db, consentLines: TextConsentLines): Promise<string> {
  const [customers, notes] = await Promise.all([readEveryCustomer(db), readEveryNote(db)])
  const consents = await consentLines(customers.flatMap((customer) => customer.phones))
  const rows = customers.map((customer) =>
    [
      customer.name,
      customer.emails.join(', '),
      customer.phones.map(formatPhoneNumber).join(', '),
      String(customer.orders),
      customer.lastDate ?? '',
      spreadsheetAmount(customer.paidCents),
      customer.allergies.join('; '),
      noteFrom(notes, customer.emails),
      customer.phones.flatMap((phone) => consents[phone] ?? []).join('; '),
    ].map(neutraliseFormula),
  )
  return stringify([[...CUSTOMER_CSV_COLUMNS], ...rows])
}

/** GET /admin/customers.csv: the download, never kept by a cache. */
export async function answerCustomersCsv({
  db,
  consentLines,
  now = new Date(),
}: {
  db: Db
  consentLines: TextConsentLines
  now?: Date
}): Promise<Response> {
  return new Response(await customersCsv(db, consentLines), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="customers-${bakeryToday(now)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
