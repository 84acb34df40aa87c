import { sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { CUSTOMER_CHANGEABLE_STATUSES } from '#app/features/order-status/order-status.ts'
import { PROOF_STEPS } from '#app/features/order-status/owner-intents.ts'
import { roundsAskingChanges } from '#app/features/proofs/proof-store.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import type { TodayList, TodayRequest } from './today.ts'

const ownTables = tablesFor('owner-desk')

/** What a customer asked from her page that waits on the owner (decision 054). */
export interface CustomerAsk extends TodayRequest {
  /** The change's or cancellation's own id. */
  askId: number
  kind: 'change' | 'cancel'
  /** A change's new date (YYYY-MM-DD) and window; both null for a change of details. */
  newDate: string | null
  newWindow: string | null
  /** A cancellation's refund still to send back by hand, in cents; 0 for a change. */
  owedBackCents: number
  /** YYYY-MM-DD, the bakery's day she asked. */
  askedOn: string
}

/** A design proof whose customer asked for a change: the next round is the owner's (decision 055). */
export interface ProofChangeAsked extends TodayRequest {
  /** The round she answered. */
  round: number
  /** YYYY-MM-DD, the bakery's day she answered. */
  answeredOn: string
}

/**
 * What customers asked from their pages that waits on the owner, oldest
 * first: a change she has not answered, on a request she can still answer
 * it on (quoted or confirmed), and a cancellation whose refund she has not
 * sent back in full (what was promised, less the refunds recorded since;
 * decision 054). Each row is its party's, on the lead. One query, each half
 * read from a partial index of the rows that can wait (customer_change_one_open,
 * and customer_change_send_back: only a cancellation with a part to send by
 * hand can owe anything once its card part was refunded with it).
 */
export async function readCustomerAsks(
  db: Db,
  { limit }: { limit: number },
): Promise<TodayList<CustomerAsk>> {
  const asked = () =>
    ownTables(db)
      .selectFrom('customer_change')
      .innerJoin('order_request', 'order_request.id', 'customer_change.request_id')
      .select([
        'customer_change.id as ask_id',
        'customer_change.kind',
        'customer_change.new_date',
        'customer_change.new_window',
        'customer_change.created_at',
        'order_request.id',
        'order_request.name',
        'order_request.product_type',
        'order_request.due_date',
      ])
  // Written out rather than bound, so both databases use the partial indexes.
  const changes = asked()
    .select(sql<number | string>`0`.as('owed_back'))
    .where('customer_change.kind', '=', sql.lit('change'))
    .where('customer_change.status', '=', sql.lit('open'))
    .where('order_request.status', 'in', CUSTOMER_CHANGEABLE_STATUSES)
  const cancellations = asked()
    .select((eb) =>
      eb(
        'customer_change.refund_cents',
        '-',
        eb
          .selectFrom('refund')
          .select(({ fn }) =>
            fn.coalesce(fn.sum<number>('refund.amount_cents'), sql.lit(0)).as('given'),
          )
          .whereRef('refund.request_id', '=', 'customer_change.request_id')
          .whereRef('refund.created_at', '>=', 'customer_change.created_at'),
      )
        .$castTo<number | string>()
        .as('owed_back'),
    )
    .where('customer_change.kind', '=', sql.lit('cancel'))
    .where(sql<boolean>`customer_change.refund_cents > customer_change.card_refund_cents`)
  const rows = await ownTables(db)
    .selectFrom(changes.unionAll(cancellations).as('asked'))
    .selectAll('asked')
    // Beside each row: how many rows the query found before its limit.
    .select(({ fn }) => fn.countAll<number | string>().over().as('total'))
    .where((eb) => eb.or([eb('asked.kind', '=', 'change'), eb('asked.owed_back', '>', 0)]))
    .orderBy('asked.created_at')
    .orderBy('asked.ask_id')
    .limit(limit)
    .execute()
  return {
    items: rows.map((row) => ({
      askId: Number(row.ask_id),
      id: Number(row.id),
      name: row.name,
      productType: row.product_type,
      dueDate: row.due_date,
      kind: row.kind,
      newDate: row.kind === 'change' ? row.new_date : null,
      newWindow: row.kind === 'change' ? row.new_window : null,
      owedBackCents: Number(row.owed_back),
      askedOn: bakeryToday(new Date(Number(row.created_at))),
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}

/**
 * Requests whose customer asked for a change on the latest proof round,
 * while a round can still be sent (new, quoted or confirmed), the longest
 * waiting first. One query: the proofs feature's rounds asking changes,
 * joined here to their requests.
 */
export async function readProofChangesAsked(
  db: Db,
  { limit }: { limit: number },
): Promise<TodayList<ProofChangeAsked>> {
  const rows = await ownTables(db)
    .selectFrom(roundsAskingChanges(db).as('asked'))
    .innerJoin('order_request', 'order_request.id', 'asked.request_id')
    .select([
      'order_request.id',
      'order_request.name',
      'order_request.product_type',
      'order_request.due_date',
      'asked.number',
      'asked.answered_at',
    ])
    // Beside each row: how many rows the query found before its limit.
    .select(({ fn }) => fn.countAll<number | string>().over().as('total'))
    .where('order_request.status', 'in', PROOF_STEPS.send_proof.from)
    .orderBy('asked.answered_at')
    .orderBy('order_request.id')
    .limit(limit)
    .execute()
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      productType: row.product_type,
      dueDate: row.due_date,
      round: Number(row.number),
      answeredOn: bakeryToday(new Date(Number(row.answered_at))),
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}
