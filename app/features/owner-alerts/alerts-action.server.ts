import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { queueTestAlert } from './alert-queue.server.ts'
import { ALERT_INTENTS, deviceSchema, kindsFromForm, subscribeSchema } from './alerts-schema.ts'
import { type PushReach, isReachablePushEndpoint } from './push-endpoint.server.ts'
import { kickPushWorker } from './push-worker-handle.server.ts'
import { removeDevice, saveSubscription, setDeviceKinds } from './subscriptions.server.ts'

/** `device` names the device a switch or a test answered, so its card shows the answer. */
export type AlertsResult =
  | { ok: true; intent: string; message: string; device?: number }
  | { ok: false; intent?: string; error: string }

const GONE = 'That device is no longer on the list. Please reload the page.'
const NOT_A_PUSH_SERVICE =
  'The site can only send alerts to a push service on the internet, over https, and this browser’s is not one. Please turn alerts on in another browser.'

/** One post from the alerts page: turn alerts on here, set a device's switches, test, remove. */
export async function receiveAlertsAction({
  request,
  db,
  adminId,
  now = Date.now(),
  allowLoopback = false,
}: {
  request: Request
  db: Db
  adminId: string
  now?: number
} & PushReach): Promise<Reply<AlertsResult>> {
  const form = await readAdminForm(request)
  if (!form) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const intent = form.intent
  const fail = (status: number, error: string) =>
    reply<AlertsResult>(status, { ok: false, intent, error })
  const done = (message: string, device?: number) =>
    reply<AlertsResult>(200, { ok: true, intent: intent!, message, device })

  if (intent === ALERT_INTENTS.subscribe) {
    const parsed = subscribeSchema.safeParse(form)
    if (!parsed.success) return fail(400, parsed.error.issues[0]!.message)
    const { label, ...subscription } = parsed.data
    // The server will post to this address: never one inside (decision 078).
    if (!isReachablePushEndpoint(subscription.endpoint, { allowLoopback })) {
      return fail(400, NOT_A_PUSH_SERVICE)
    }
    await saveSubscription(db, { userId: adminId, subscription, label, now })
    return done(`Alerts are on for ${label}.`)
  }
  const device = deviceSchema.safeParse(form)
  if (!device.success) {
    return intent && Object.values(ALERT_INTENTS).includes(intent as never)
      ? fail(400, device.error.issues[0]!.message)
      : reply(400, { ok: false, error: NOT_UNDERSTOOD })
  }
  const deviceId = device.data.device
  if (intent === ALERT_INTENTS.kinds) {
    const kinds = kindsFromForm(form)
    if (!(await setDeviceKinds(db, deviceId, kinds))) return fail(404, GONE)
    return done(
      kinds.length === 0 ? 'Every alert is off for that device.' : 'Alerts saved.',
      deviceId,
    )
  }
  if (intent === ALERT_INTENTS.test) {
    if (!(await queueTestAlert(db, deviceId, now))) return fail(404, GONE)
    kickPushWorker()
    return done('Test alert sent. It should arrive within a minute.', deviceId)
  }
  if (intent === ALERT_INTENTS.remove) {
    if (!(await removeDevice(db, deviceId))) return fail(404, GONE)
    return done('Device removed. It gets no more alerts.')
  }
  return reply(400, { ok: false, error: NOT_UNDERSTOOD })
}
