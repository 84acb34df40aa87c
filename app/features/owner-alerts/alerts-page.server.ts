import { createHash } from 'node:crypto'
import type { Db } from '#app/db/db.server.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import type { AlertDeviceView } from './alerts-settings.tsx'
import { listDevices } from './subscriptions.server.ts'
import { getVapidKeys } from './vapid.server.ts'

const when = () =>
  bakeryDateTimeFormat({
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
const day = () =>
  bakeryDateTimeFormat({
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })

/** What the alerts page shows: the devices (without their addresses or keys) and the key browsers subscribe with. */
export async function loadAlertsPage(
  db: Db,
): Promise<{ devices: AlertDeviceView[]; publicKey: string }> {
  const [devices, keys] = await Promise.all([listDevices(db), getVapidKeys(db)])
  return {
    publicKey: keys.publicKey,
    devices: devices.map((device) => ({
      id: device.id,
      label: device.label,
      kinds: device.kinds,
      added: day().format(device.createdAt),
      lastAlert: device.lastSuccessAt === null ? null : when().format(device.lastSuccessAt),
      failures: device.failures,
      endpointHash: createHash('sha256').update(device.endpoint).digest('hex'),
    })),
  }
}
