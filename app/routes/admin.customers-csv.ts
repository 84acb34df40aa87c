import { getDb } from '#app/db/db.server.ts'
import { answerCustomersCsv } from '#app/features/customers/customers-csv.server.ts'

/** GET /admin/customers.csv: every customer with their orders, payments and her notes. */
export async function loader() {
  return answerCustomersCsv({ db: getDb() })
}
