import { Form } from 'react-router'
import { CardAnswer, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind } from './alert-kinds.ts'
import { ALERT_INTENTS } from './alerts-schema.ts'
import { ThisPhoneCard, useThisPhoneAlerts } from './this-phone-alerts.tsx'

/** A device as the page shows it: never its address or keys, only a hash to know "this phone" by. */
export interface AlertDeviceView {
  id: number
  label: string
  kinds: AlertKind[]
  added: string
  /** 'Nov 26, 2:05 PM', or null before the first alert reached it. */
  lastAlert: string | null
  failures: number
  /** SHA-256 of the push address, hex: the browser hashes its own to compare. */
  endpointHash: string
}

export type AlertsAnswer =
  | { ok: true; intent: string; message: string; device?: number }
  | { ok: false; intent?: string; error: string }

/** A device's own answers (its switches, its test) show in its card; the rest above the list. */
const DEVICE_INTENTS = [ALERT_INTENTS.kinds, ALERT_INTENTS.test]
const DEVICES = 'devices'
const deviceCard = (id: number) => `device-${id}`

/**
 * "Alerts on your phone": turn them on for the browser in hand (a
 * permission and a push subscription, then a post with what the browser
 * handed over), and for each device the switches, a test and removal. The
 * switches, test and removal are plain forms; turning alerts on needs
 * JavaScript and a browser with web push, and the section says so when
 * either is missing.
 */
export function AlertsSettings({
  devices,
  publicKey,
  posted,
}: {
  devices: AlertDeviceView[]
  publicKey: string
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const phone = useThisPhoneAlerts(publicKey)
  const turnedOn =
    phone.subscribe.data ?? answerFor<AlertsAnswer>(posted, { intents: [ALERT_INTENTS.subscribe] })
  // A removal, or a device no longer there: its card is gone, so the list answers.
  const listAnswer = answerFor<AlertsAnswer>(posted, {
    intents: [ALERT_INTENTS.remove, ...DEVICE_INTENTS],
  })
  return (
    <div className="mt-6 space-y-6">
      <ThisPhoneCard phone={phone} turnedOn={turnedOn} />

      <section id={DEVICES} aria-labelledby="devices-heading" className="scroll-mt-24">
        <h2 id="devices-heading" className="section-heading">
          Devices that get alerts
        </h2>
        <CardAnswer
          cardId={DEVICES}
          answer={listAnswer && !(listAnswer.ok && listAnswer.device) ? listAnswer : undefined}
          className="mt-2"
        />
        {devices.length === 0 ? (
          <p className="mt-2">No device gets alerts yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {devices.map((device) => (
              <DeviceCard
                key={device.id}
                device={device}
                here={device.endpointHash === phone.thisHash}
                posted={posted}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function DeviceCard({
  device,
  here,
  posted,
}: {
  device: AlertDeviceView
  here: boolean
  posted: unknown
}) {
  const name = device.label
  const card = deviceCard(device.id)
  const answer = answerFor<AlertsAnswer>(posted, {
    intents: DEVICE_INTENTS,
    subject: { device: device.id },
  })
  return (
    <li id={card} className="card scroll-mt-24 p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl font-bold">
          {name}
          {here ? <span className="alerts-here ml-2">This phone</span> : null}
        </h3>
        <p className="text-sm">
          Added {device.added} ·{' '}
          {device.lastAlert ? `last alert ${device.lastAlert}` : 'no alert yet'}
          {device.failures > 0 ? ` · ${device.failures} failed tries` : ''}
        </p>
      </div>
      <Form method="post" action={cardAction(card)} className="mt-3">
        <input type="hidden" name="intent" value={ALERT_INTENTS.kinds} />
        <input type="hidden" name="device" value={device.id} />
        <fieldset>
          <legend className="form-label">Alerts for {name}</legend>
          <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
            {ALERT_KINDS.map((kind) => (
              <li key={kind}>
                <label className="alerts-switch">
                  <input
                    type="checkbox"
                    name={`kind-${kind}`}
                    defaultChecked={device.kinds.includes(kind)}
                  />
                  {ALERT_KIND_LABELS[kind]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button-primary mt-3">
          Save alerts<span className="sr-only"> for {name}</span>
        </button>
      </Form>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={cardAction(card)}>
          <input type="hidden" name="intent" value={ALERT_INTENTS.test} />
          <input type="hidden" name="device" value={device.id} />
          <button type="submit" className="button-secondary">
            Send a test alert<span className="sr-only"> to {name}</span>
          </button>
        </Form>
        <Form method="post" action={cardAction(DEVICES)}>
          <input type="hidden" name="intent" value={ALERT_INTENTS.remove} />
          <input type="hidden" name="device" value={device.id} />
          <button type="submit" className="button-danger">
            Remove<span className="sr-only"> {name}</span>
          </button>
        </Form>
      </div>
      <CardAnswer cardId={card} answer={answer} className="mt-3" />
    </li>
  )
}
