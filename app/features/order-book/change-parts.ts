import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'

/**
 * What a change to a request changes, told the one way every page, timeline
 * entry and email tells it: each part that differs, from what to what, and
 * nothing about a part that stays as it was. Pure; the browser may load it.
 */

/** A request's details in her words: what she may ask to change and the owner may edit. */
export const DETAIL_FIELDS = ['event_theme', 'servings', 'allergies', 'comments'] as const
export type DetailField = (typeof DETAIL_FIELDS)[number]

/** Each detail's text, '' for none. */
export type RequestDetails = Record<DetailField, string>

/** How each detail is named where a change is told: as the order form names it. */
export const DETAIL_LABELS: Readonly<Record<DetailField, string>> = {
  event_theme: themeLabel('event'),
  servings: 'Servings',
  allergies: 'Allergies',
  comments: 'Comments',
}

/** A stored request's details, '' for what it has none of. */
export function detailsOf(row: {
  event_theme: string
  servings: string | null
  allergies: string | null
  comments: string | null
}): RequestDetails {
  return {
    event_theme: row.event_theme,
    servings: row.servings ?? '',
    allergies: row.allergies ?? '',
    comments: row.comments ?? '',
  }
}

/** One part of a request that changes, written out: 'Servings', '“20”', '“30”'. */
export interface ChangedPart {
  label: string
  from: string
  to: string
}

/** Where a request stands, as a change is weighed against it. */
export interface RequestNow {
  dueDate: string
  window: string | null
  delivery: boolean
  details: RequestDetails
}

/** What a change asks: a date (and its window) or null to keep them, and any details. */
export interface AskedParts {
  date: string | null
  window: string | null
  details: Partial<RequestDetails>
}

const said = (text: string) => (text.trim() ? `“${text.trim()}”` : 'none')

/** The parts of one request that `asked` would change, in the order the pages list them. */
export function changedParts(now: RequestNow, asked: AskedParts): ChangedPart[] {
  const parts: ChangedPart[] = []
  if (asked.date !== null) {
    if (asked.date !== now.dueDate) {
      parts.push({
        label: 'Date',
        from: formatCalendarDate(now.dueDate),
        to: formatCalendarDate(asked.date),
      })
    }
    if ((asked.window ?? '') !== (now.window ?? '')) {
      const time = (window: string | null) => (window ? formatWindow(window) : 'no set time')
      parts.push({
        label: now.delivery ? 'Delivery time' : 'Pickup time',
        from: time(now.window),
        to: time(asked.window),
      })
    }
  }
  for (const field of DETAIL_FIELDS) {
    const wanted = asked.details[field]
    if (wanted === undefined || wanted.trim() === now.details[field].trim()) continue
    parts.push({ label: DETAIL_LABELS[field], from: said(now.details[field]), to: said(wanted) })
  }
  return parts
}

/**
 * A party's parts (decision 049) told once: a part every member shares
 * (the date they move to together) as it is, the rest named by its treat
 * ('Cupcakes: servings'). A party of one is its own parts.
 */
export function partyParts(members: readonly { treat: string; parts: ChangedPart[] }[]) {
  if (members.length === 1) return members[0]!.parts
  const same = (a: ChangedPart, b: ChangedPart) =>
    a.label === b.label && a.from === b.from && a.to === b.to
  const shared = members[0]?.parts.filter((part) =>
    members.every((member) => member.parts.some((other) => same(other, part))),
  )
  return [
    ...(shared ?? []),
    ...members.flatMap(({ treat, parts }) =>
      parts
        .filter((part) => !shared?.some((other) => same(other, part)))
        .map((part) => ({ ...part, label: `${treat}: ${part.label.toLowerCase()}` })),
    ),
  ]
}

/** 'date from … to …; servings from “20” to “30”', for a timeline entry or a line of a page. */
export function partsSentence(parts: readonly ChangedPart[]): string {
  return parts
    .map((part) => {
      // Inside a sentence a label is lower case ('event/theme'); a treat's part keeps its
      // treat's capital: 'Cupcakes: servings'.
      const label = part.label.includes(': ') ? part.label : part.label.toLowerCase()
      return `${label} from ${part.from} to ${part.to}`
    })
    .join('; ')
}
