import { useEffect, useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { CardAnswer, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind } from './alert-kinds.ts'
import { ALERT_INTENTS, MAX_DEVICE_LABEL } from './alerts-schema.ts'

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

type Support = 'checking' | 'unsupported' | 'install-first' | 'denied' | 'ready' | 'on'

const SCOPE = '/admin'
const WORKER = '/admin/sw.js'

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
  const subscribe = useFetcher<AlertsAnswer>()
  const [support, setSupport] = useState<Support>('checking')
  const [thisHash, setThisHash] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [label, setLabel] = useState('')

  useEffect(() => {
    void (async () => {
      if (!('serviceWorker' in navigator) || !('Notification' in window)) {
        setSupport('unsupported')
        return
      }
      if (!('PushManager' in window)) {
        // Safari on iPhone offers web push only to an app added to the Home Screen.
        setSupport(/iPhone|iPad/.test(navigator.userAgent) ? 'install-first' : 'unsupported')
        return
      }
      if (Notification.permission === 'denied') {
        setSupport('denied')
        return
      }
      const registration = await navigator.serviceWorker.getRegistration(SCOPE)
      const subscription = await registration?.pushManager.getSubscription()
      if (subscription) setThisHash(await sha256Hex(subscription.endpoint))
      setSupport(subscription ? 'on' : 'ready')
    })().catch(() => setSupport('unsupported'))
  }, [])

  async function turnOn() {
    setProblem(null)
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        setSupport(permission === 'denied' ? 'denied' : 'ready')
        setProblem('Alerts need your permission. Press the button again and choose Allow.')
        return
      }
      const registration = await navigator.serviceWorker.register(WORKER, { scope: SCOPE })
      await navigator.serviceWorker.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: fromBase64url(publicKey),
        }))
      const keys = subscription.toJSON().keys ?? {}
      await subscribe.submit(
        {
          intent: ALERT_INTENTS.subscribe,
          endpoint: subscription.endpoint,
          p256dh: keys.p256dh ?? '',
          auth: keys.auth ?? '',
          label: label.trim() || guessDeviceName(navigator.userAgent),
        },
        { method: 'post' },
      )
      setThisHash(await sha256Hex(subscription.endpoint))
      setSupport('on')
    } catch {
      setProblem(
        'This browser could not turn alerts on. Check that notifications are allowed for this site, then try again.',
      )
    }
  }

  const turnedOn =
    subscribe.data ?? answerFor<AlertsAnswer>(posted, { intents: [ALERT_INTENTS.subscribe] })
  // A removal, or a device no longer there: its card is gone, so the list answers.
  const listAnswer = answerFor<AlertsAnswer>(posted, {
    intents: [ALERT_INTENTS.remove, ...DEVICE_INTENTS],
  })
  return (
    <div className="mt-6 space-y-6">
      <section id="this-phone" aria-labelledby="this-phone-heading" className="card p-5 sm:p-6">
        <h2 id="this-phone-heading" className="font-display text-2xl font-bold">
          This phone
        </h2>
        {support === 'on' ? (
          <p className="mt-2">
            Alerts are on for this phone. Choose which ones below, or send a test alert.
          </p>
        ) : support === 'ready' ? (
          <>
            <p className="mt-2">
              Get a notification the moment a request, an answer, a payment, a message, a change, a
              cancellation or a review comes in, even when this page is closed.
            </p>
            <div className="form-field mt-4">
              <label htmlFor="device-label" className="form-label">
                Name this device
              </label>
              <p id="device-label-hint" className="form-hint">
                Shown in the list below, such as “Kitchen iPad”.
              </p>
              <input
                id="device-label"
                type="text"
                maxLength={MAX_DEVICE_LABEL}
                aria-describedby="device-label-hint"
                value={label}
                onChange={(event) => setLabel(event.target.value)}
              />
            </div>
            <button
              type="button"
              className="button-primary mt-4"
              onClick={() => void turnOn()}
              disabled={subscribe.state !== 'idle'}
            >
              Turn on alerts on this phone
            </button>
          </>
        ) : (
          <p className="mt-2" data-alerts-support={support}>
            {SUPPORT_WORDS[support]}
          </p>
        )}
        {problem ? (
          <p className="status-error mt-3" role="alert">
            {problem}
          </p>
        ) : null}
        <CardAnswer cardId="this-phone" answer={turnedOn} className="mt-3" />
      </section>

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
                here={device.endpointHash === thisHash}
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

const SUPPORT_WORDS: Record<Exclude<Support, 'ready' | 'on'>, string> = {
  checking:
    'Turning on alerts needs JavaScript and a browser that supports notifications. If this stays, open this page in Chrome, Safari, Firefox or Edge.',
  unsupported:
    'This browser cannot show alerts from the site. Open this page in Chrome, Safari, Firefox or Edge on your phone; the switches below still work here.',
  'install-first':
    'On iPhone, alerts work once the site is on your Home Screen: tap Share, then Add to Home Screen, open it from there and come back to this page.',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings, then reload this page.',
}

/** 'iPhone', 'Android phone', 'Mac'…: a starting name the owner can change. */
function guessDeviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return 'iPhone'
  if (/iPad/.test(userAgent)) return 'iPad'
  if (/Android/.test(userAgent))
    return /Mobile/.test(userAgent) ? 'Android phone' : 'Android tablet'
  if (/Macintosh/.test(userAgent)) return 'Mac'
  if (/Windows/.test(userAgent)) return 'Windows computer'
  return 'Phone'
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
