import { getDb } from '#app/db/db.server.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'

/** GET /admin/orders.csv: every request with its money, for the owner's spreadsheet. */
export async function loader() {
  return answerOrdersCsv({ db: getDb() })
}
