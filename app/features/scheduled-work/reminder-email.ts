import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { customerEmail, detailsTable, emailButton, emailHeading } from '#app/features/mail/html.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

/** One treat of a reminder: what, how it changes hands, when and where. */
export interface ReminderTreat {
  productType: string
  fulfilment: string | null
  /** The handover window, HH:MM-HH:MM. */
  window: string | null
  /** Her delivery address, or the bakery's pickup address. */
  place: string | null
}

/** 'Pickup, 10:00–12:00, at 12 Rosewood Avenue' / 'Delivery, 14:00–16:00, to 88 Lilac Lane' */
function handoverOf(treat: ReminderTreat): string {
  const delivery = treat.fulfilment === 'delivery'
  return [
    delivery ? 'Delivery' : 'Pickup',
    treat.window ? formatWindow(treat.window) : null,
    treat.place ? `${delivery ? 'to' : 'at'} ${treat.place}` : null,
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * "See you tomorrow": the customer's reminder the day before their date.
 * A party's members on that day share it (decision 049), `treats` naming
 * each: when their times or places differ, each treat is listed with its own.
 */
export function composeReminder({
  name,
  email,
  product_type,
  due_date,
  fulfilment,
  window = null,
  place = null,
  treats: given,
  stillOwed,
  statusUrl,
  bakery = SEED_WORDS.identity,
}: {
  name: string
  email: string
  product_type: string
  due_date: string
  fulfilment: string | null
  /** The handover window, HH:MM-HH:MM. */
  window?: string | null
  /** Where: her delivery address, or the bakery's pickup address. */
  place?: string | null
  /** A party's treats on that day, each with its own handover (the fields above are the first's). */
  treats?: readonly ReminderTreat[]
  stillOwed: number
  statusUrl: string | undefined
  /** Her name and the bakery's (Settings › Your site). */
  bakery?: IdentityWords
}): OutgoingEmail {
  const firstName = name.split(/\s+/)[0] || name
  const treats: readonly ReminderTreat[] =
    given && given.length > 0 ? given : [{ productType: product_type, fulfilment, window, place }]
  // "your Cupcakes and Cookies are", "your Cakes is": the treats as one order, or several.
  const verb = treats.length > 1 ? 'are' : 'is'
  const when = formatCalendarDate(due_date)
  const about: ReminderAbout = { productType: product_type, treats, verb, when }
  const text = [
    `Hi ${firstName},`,
    '',
    ...reminderOpening(about),
    ...(stillOwed > 0 ? ['', `Still to pay: ${formatMoney(stillOwed)}.`] : []),
    ...(statusUrl ? ['', `Your order: ${statusUrl}`] : []),
    '',
    'Questions? Just reply to this email.',
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name, address: email },
    subject: `See you tomorrow — your ${product_type} from ${bakery.name}`,
    text,
    preview: `Your ${product_type} ${verb} due tomorrow, ${when}.`,
    content: [
      emailHeading(`See you tomorrow, ${firstName}!`),
      detailsTable(reminderDetails(about, stillOwed)),
      statusUrl ? emailButton({ href: statusUrl, label: 'See your order' }) : null,
    ],
    statusUrl,
    bakery,
  })
}

/** What a reminder is about: its treats (at least one), as one order. */
interface ReminderAbout {
  productType: string
  treats: readonly ReminderTreat[]
  verb: 'is' | 'are'
  /** The date, written out. */
  when: string
}

/** Whether every treat changes hands the same way, at the same time and place. */
function together(treats: readonly ReminderTreat[]): boolean {
  const first = treats[0]!
  return treats.every(
    (treat) =>
      treat.fulfilment === first.fulfilment &&
      treat.window === first.window &&
      treat.place === first.place,
  )
}

/** The rows of the reminder's table: the handover once, or each treat's own. */
function reminderDetails(
  { productType, treats, when }: ReminderAbout,
  stillOwed: number,
): [string, string][] {
  const first = treats[0]!
  const delivery = first.fulfilment === 'delivery'
  const stillToPay: [string, string][] =
    stillOwed > 0 ? [['Still to pay', formatMoney(stillOwed)]] : []
  if (!together(treats)) {
    return [
      ['Date', when],
      ...treats.map((treat): [string, string] => [treat.productType, handoverOf(treat)]),
      ...stillToPay,
    ]
  }
  return [
    [treats.length > 1 ? 'Treats' : 'Treat', productType],
    ['Date', when],
    [
      'How',
      delivery
        ? `We deliver ${treats.length > 1 ? 'them' : 'it'} to you`
        : 'Pickup from our kitchen',
    ],
    ...(first.window ? [['Time', formatWindow(first.window)] as [string, string]] : []),
    ...(first.place ? [[delivery ? 'To' : 'Where', first.place] as [string, string]] : []),
    ...stillToPay,
  ]
}

/** The reminder's first lines: when and where, once, or a line for each treat. */
function reminderOpening({ productType, treats, verb, when }: ReminderAbout): string[] {
  const first = treats[0]!
  const delivery = first.fulfilment === 'delivery'
  if (together(treats)) {
    return [
      `A reminder that your ${productType} ${verb} ${delivery ? 'coming to you' : 'ready for pickup'} tomorrow, ${endSentence(`${when}${first.window ? `, ${formatWindow(first.window)}` : ''}`)}`,
      ...(first.place ? ['', `${delivery ? 'To' : 'Where'}: ${first.place}`] : []),
    ]
  }
  const allDelivered = treats.every((treat) => treat.fulfilment === 'delivery')
  const allPickedUp = treats.every((treat) => treat.fulfilment !== 'delivery')
  const ownTimes = treats.some((treat) => treat.window !== first.window)
  return [
    `A reminder that your ${productType} ${verb} ${allDelivered ? 'coming to you' : allPickedUp ? 'ready for pickup' : 'due'} tomorrow, ${when}${ownTimes ? ', each at its own time' : ''}:`,
    ...treats.map((treat) => `• ${treat.productType}: ${handoverOf(treat)}`),
  ]
}
