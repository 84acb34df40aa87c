/**
 * The first-run setup form's fields and answers (app/routes/admin.setup.tsx).
 * Browser-safe: the page and the server share these names.
 */

/** "Start with the demo menu and words": `yes` or `no`. */
export const DEMO_FIELD = 'demo'
export const BAKERY_NAME_FIELD = 'bakery_name'
export const OWNER_NAME_FIELD = 'owner_name'
/** The local settings' own field names (Settings › Your site uses the same). */
export const TIME_ZONE_FIELD = 'time_zone'
export const CURRENCY_FIELD = 'currency'

export type SetupState = 'open' | 'bad-link' | 'set-up'

export type SetupReply = { ok: true } | { ok: false; error: string; field?: string }

export const SETUP_REFUSALS = {
  'bad-link':
    'This setup link does not work: it has been used already, or it is not this site’s. The link printed at the server’s first start works once.',
  'set-up':
    'This bakery is set up already. Sign in with Admin Login at the foot of any page; a forgotten password can be reset there.',
} as const satisfies Record<Exclude<SetupState, 'open'>, string>
