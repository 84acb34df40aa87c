/**
 * The kinds of alert the owner's phone can get, each switched on or off per
 * device in Settings (docs/decisions/053-owner-alerts-by-push.md).
 */
export const ALERT_KINDS = [
  'new-request',
  'quote-answer',
  'payment',
  'message',
  'deposit-overdue',
  'change-or-cancel',
  'proof-answer',
  'review',
] as const

export type AlertKind = (typeof ALERT_KINDS)[number]

/** What Settings calls each kind. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'new-request': 'New request',
  'quote-answer': 'Quote accepted or declined',
  payment: 'Payment received',
  message: 'New message',
  'deposit-overdue': 'Deposit overdue',
  'change-or-cancel': 'Change or cancellation',
  'proof-answer': 'Proof approved or change asked',
  review: 'New review',
}

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value)
}

/** A device's stored kinds ('new-request,payment') as a list, unknown names dropped. */
export function readKinds(stored: string): AlertKind[] {
  return stored.split(',').filter(isAlertKind)
}

/** A list of kinds as stored: known ones only, each once, in the list's order. */
export function writeKinds(kinds: readonly string[]): string {
  return ALERT_KINDS.filter((kind) => kinds.includes(kind)).join(',')
}

/** The one place an offline copy of the owner's Today page is kept (Cache Storage). */
export const OWNER_CACHE_PREFIX = 'owner-'
