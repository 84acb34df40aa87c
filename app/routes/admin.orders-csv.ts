import { getDb } from '#app/db/db.server.ts'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import { answerOrdersCsv } from '#app/features/order-book/orders-csv.server.ts'
import type { Route } from './+types/admin.orders-csv'

/** GET /admin/orders.csv: every request with its money, for the owner's spreadsheet. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context)
  return answerOrdersCsv({ db: getDb() })
}
