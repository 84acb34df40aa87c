import { getDb } from '#app/db/db.server.ts'
import { answerCustomersCsv } from '#app/features/customers/customers-csv.server.ts'
import { consentLines } from '#app/features/texts/text-consent.server.ts'

/** GET /admin/customers.csv: every customer with their orders, payments, her notes and their consent to texts. */
export async function loader() {
  const db = getDb()
  return answerCustomersCsv({ db, consentLines: (phones) => consentLines(db, phones) })
}
