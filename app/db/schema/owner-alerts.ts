import type { Generated } from 'kysely'

/** A device that turned on the owner's alerts (features/owner-alerts). */
export interface PushSubscriptionTable {
  id: Generated<number>
  /** The push service's address for this device: unique, and a secret of sorts. */
  endpoint: string
  /** The browser's P-256 public key and auth secret, base64url, that encrypt its pushes. */
  p256dh: string
  auth: string
  /** The admin (user.id) who turned alerts on here. */
  user_id: string
  device_label: Generated<string>
  /** The kinds switched on, comma-separated. */
  kinds: string
  created_at: number
  last_success_at: number | null
  failures: Generated<number>
}

export type PushAlertStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** One alert for one device, queued until the push service accepts it. */
export interface PushAlertTable {
  id: Generated<number>
  subscription_id: number
  kind: string
  /** The event's name and the device's id: an alert is queued once per device. */
  dedupe_key: string
  /** JSON of the notification; null once sent or given up on. */
  payload: string | null
  status: Generated<PushAlertStatus>
  attempts: Generated<number>
  created_at: number
  next_attempt_at: number
  lease_until: number | null
  sent_at: number | null
  last_error: string | null
}
