import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { DeliveryError, type MailTransport } from './transport.ts'

/**
 * The browser SDK version whose calls the original site made; EmailJS reads
 * it from every request, so we keep sending the same one.
 */
export const EMAILJS_LIB_VERSION = '4.4.1'

export interface EmailJsConfig {
  /** e.g. https://api.emailjs.com, no trailing slash needed */
  apiUrl: string
  /** The spec's user_id. */
  publicKey: string
  /** Sent as accessToken; needed when the account allows API calls only with it. */
  privateKey?: string | undefined
  serviceId: string
  orderTemplateId: string
  contactTemplateId: string
  /**
   * The template for emails to customers (their To Email set to
   * {{to_email}}); without it, customer emails fail for the owner to see.
   */
  customerTemplateId?: string | undefined
  timeoutMs?: number
}

/**
 * Sends through EmailJS from the server with the original site's two calls:
 * orders as JSON to /send, contact messages as a form to /send-form.
 */
export function createEmailJsTransport(config: EmailJsConfig): MailTransport {
  const { publicKey, privateKey, serviceId, timeoutMs = 15_000 } = config
  const apiUrl = config.apiUrl.replace(/\/+$/, '')

  function buildRequest(email: OutgoingEmail): { url: string; init: RequestInit } {
    const call = email.emailjs
    if (call.call === 'send') {
      const body = {
        lib_version: EMAILJS_LIB_VERSION,
        user_id: publicKey,
        service_id: serviceId,
        template_id: templateIdFor(call.template),
        template_params: { ...call.templateParams },
        ...(privateKey ? { accessToken: privateKey } : {}),
      }
      return {
        url: `${apiUrl}/api/v1.0/email/send`,
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
      }
    }
    // The same order as the SDK's sendForm: the form's own fields, then ours.
    const form = new FormData()
    for (const [name, value] of Object.entries(call.fields)) form.append(name, value)
    form.append('lib_version', EMAILJS_LIB_VERSION)
    form.append('service_id', serviceId)
    form.append('template_id', templateIdFor(call.template))
    form.append('user_id', publicKey)
    if (privateKey) form.append('accessToken', privateKey)
    // fetch writes the multipart Content-Type with its boundary itself.
    return { url: `${apiUrl}/api/v1.0/email/send-form`, init: { method: 'POST', body: form } }
  }

  function templateIdFor(template: OutgoingEmail['emailjs']['template']): string {
    if (template === 'customer') {
      if (config.customerTemplateId) return config.customerTemplateId
      throw new DeliveryError(
        'EmailJS: set EMAILJS_CUSTOMER_TEMPLATE_ID to email customers through EmailJS.',
        { permanent: true },
      )
    }
    return template === 'order' ? config.orderTemplateId : config.contactTemplateId
  }

  return {
    name: 'emailjs',
    async send(email: OutgoingEmail) {
      const { url, init } = buildRequest(email)
      let status: number
      let text: string
      try {
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
        status = response.status
        text = await response.text()
      } catch (error) {
        const reason = error instanceof Error ? describeError(error) : String(error)
        throw new DeliveryError(`EmailJS: ${reason}`, { permanent: false, cause: error })
      }
      // As the original site judged it: only the status and the text are read.
      if (status === 200 || text === 'OK') return
      // A 4xx is EmailJS refusing this request (bad template, blocked key) and
      // it would refuse it again; too many requests or a timeout will pass.
      const permanent = status >= 400 && status < 500 && status !== 429 && status !== 408
      throw new DeliveryError(`EmailJS answered ${status}: ${text.slice(0, 300)}`, { permanent })
    },
  }
}

/** fetch reports network failures as a bare "fetch failed" with the reason in `cause`. */
function describeError(error: Error): string {
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message
}
