import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import { balanceDueSoon, balanceOverdue } from '#app/features/order-status/payment-schedule.ts'
import { moneyOfRow, quoteMoneyColumns } from './money.server.ts'
import { isNewestQuote } from './quotes.server.ts'

const ownTables = tablesFor('order-book')

/**
 * Booked requests (confirmed or ready) whose newest quote's balance falls
 * due by `until` (YYYY-MM-DD), each with what has been paid and what the
 * balance rules make of it: overdue, or due soon. One query: the status
 * index (order_request_status, led by status) finds the booked requests,
 * request_quote_request their newest quote, payment_request their
 * payments; whatever the book's size, only the requests booked and not
 * yet handed over are read. The rules themselves stay in order-status (payment-schedule.ts).
 */
export async function readBookedBalances(
  db: Db,
  { today, until }: { today: string; until: string },
) {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select((eb) => [
      'order_request.id',
      'order_request.name',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.status',
      'request_quote.balance_due',
      ...quoteMoneyColumns(eb),
    ])
    .where('order_request.status', 'in', BOOKED_STATUSES)
    .where(isNewestQuote)
    .where('request_quote.balance_due', 'is not', null)
    .where('request_quote.balance_due', '<=', until)
    .orderBy('request_quote.balance_due')
    .orderBy('order_request.id')
    .execute()
  return rows.flatMap((row) => {
    const balanceDue = row.balance_due!
    const { stillOwed } = amountsOwed(moneyOfRow(row))
    const rule = { status: row.status, balanceDue, stillOwed, today }
    const overdue = balanceOverdue(rule)
    if (!overdue && !balanceDueSoon({ ...rule, until })) return []
    return [
      {
        id: Number(row.id),
        name: row.name,
        productType: row.product_type,
        dueDate: row.due_date,
        balanceDue,
        owedCents: stillOwed,
        overdue,
      },
    ]
  })
}

export type BookedBalance = Awaited<ReturnType<typeof readBookedBalances>>[number]
