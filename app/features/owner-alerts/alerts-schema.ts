import { z } from 'zod'
import { ALERT_KINDS } from './alert-kinds.ts'

/** What the alerts page posts, each form with its intent. */
export const ALERT_INTENTS = {
  subscribe: 'alerts-subscribe',
  kinds: 'alerts-kinds',
  test: 'alerts-test',
  remove: 'alerts-remove',
} as const

export const MAX_DEVICE_LABEL = 60

/** base64url of exactly `bytes` bytes, as a browser hands over a key. */
const base64urlOf = (bytes: number, message: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes, message)

const THIS_BROWSER =
  'This browser’s alert details could not be read. Please reload the page and turn alerts on again.'

export const subscribeSchema = z.object({
  // An address; whether the server may post to it is the action's to say (push-endpoint.server.ts).
  endpoint: z
    .string()
    .max(2000, THIS_BROWSER)
    .refine((value) => URL.canParse(value), THIS_BROWSER),
  p256dh: base64urlOf(65, THIS_BROWSER),
  auth: base64urlOf(16, THIS_BROWSER),
  label: z
    .string()
    .trim()
    .max(MAX_DEVICE_LABEL, `Please name the device in ${MAX_DEVICE_LABEL} characters or fewer.`)
    .transform((label) => label || 'Phone'),
})

export const deviceSchema = z.object({
  device: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'That device could not be found. Please reload the page.')
    .transform(Number),
})

/** The kinds a switches form turned on: one checkbox per kind, named `kind-<kind>`. */
export function kindsFromForm(form: Record<string, string>): (typeof ALERT_KINDS)[number][] {
  return ALERT_KINDS.filter((kind) => form[`kind-${kind}`] === 'on')
}
