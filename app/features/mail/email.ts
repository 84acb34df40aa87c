/**
 * An email as the features that send mail compose it. It is stored whole in
 * the outbox row, so a retry days later sends exactly what was queued.
 */
export interface OutgoingEmail {
  subject: string
  text: string
  html: string
  /** The customer's address, so the owner can simply press Reply. */
  replyTo: { name: string; address: string }
  /**
   * How the same email goes through EmailJS, whose templates take parameters
   * rather than a body: orders are sent as JSON to /send, contact messages as
   * a form to /send-form (the original site's two calls).
   */
  emailjs:
    | { call: 'send'; template: 'order'; templateParams: Record<string, string> }
    | { call: 'send-form'; template: 'contact'; fields: Record<string, string> }
}
