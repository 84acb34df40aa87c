import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { CardAnswer } from '#app/components/settings-card.tsx'
import { ALERT_INTENTS, MAX_DEVICE_LABEL } from './alerts-schema.ts'
import type { AlertsAnswer } from './alerts-settings.tsx'

type Support = 'checking' | 'unsupported' | 'install-first' | 'denied' | 'ready' | 'on'

const SCOPE = '/admin'
const WORKER = '/admin/sw.js'

/**
 * Alerts for the browser in hand: whether it can have them, whether it has
 * them (its push address, hashed, to know it in the list), and turning them
 * on (a permission and a push subscription, then a post with what the
 * browser handed over).
 */
export function useThisPhoneAlerts(publicKey: string) {
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

  return { subscribe, support, thisHash, problem, label, setLabel, turnOn }
}

type ThisPhone = ReturnType<typeof useThisPhoneAlerts>

/** "This phone": turn alerts on here, or why this browser cannot. */
export function ThisPhoneCard({
  phone,
  turnedOn,
}: {
  phone: ThisPhone
  turnedOn: AlertsAnswer | undefined
}) {
  const { support, problem, label, setLabel, turnOn, subscribe } = phone
  return (
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
