import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type Money, depositWord } from './money-owed.ts'
import type { ScheduledPayment } from './payment-schedule.ts'

/** One line of a payment schedule, written out for the customer: her page and her emails. */
export interface ScheduleLine {
  /** 'Deposit' or 'Balance'; 'Full payment' for a deposit that is the whole price (a set-price order). */
  label: string
  /** '$60' */
  amount: string
  /** 'Tuesday, December 1, 2026', or 'At pickup' when no date was set. */
  due: string
  state: 'paid' | 'to-pay' | 'overdue'
  /** '$60' still to pay of it; null once paid. */
  owed: string | null
}

/**
 * The schedule of `money` as the customer reads it (see paymentSchedule in
 * payment-schedule.ts); its deposit named by depositWord, as the owner's
 * money card names it.
 */
export function scheduleLines(
  schedule: readonly ScheduledPayment[],
  { delivery, money }: { delivery: boolean; money: Money },
): ScheduleLine[] {
  return schedule.map((item) => ({
    label: item.what === 'balance' ? 'Balance' : depositWord(money),
    amount: formatMoney(item.amountCents),
    due: item.due
      ? formatCalendarDate(item.due)
      : item.what === 'balance'
        ? delivery
          ? 'On delivery'
          : 'At pickup'
        : 'When you accept',
    state: item.owedCents === 0 ? 'paid' : item.overdue ? 'overdue' : 'to-pay',
    owed: item.owedCents === 0 ? null : formatMoney(item.owedCents),
  }))
}

/** A line as one sentence: 'Balance: $60, due Saturday, December 5, 2026 (overdue: $60 to pay)'. */
export function scheduleSentence(line: ScheduleLine): [string, string] {
  const due = /^(At|On|When) /.test(line.due) ? line.due.toLowerCase() : `due ${line.due}`
  const state =
    line.state === 'paid'
      ? 'paid, thank you'
      : line.state === 'overdue'
        ? `overdue: ${line.owed} to pay`
        : `${line.owed} to pay`
  return [line.label, `${line.amount}, ${due} (${state})`]
}
