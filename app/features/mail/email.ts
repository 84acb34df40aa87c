/**
 * An email as the features that send mail compose it. It is stored whole in
 * the outbox row, so a retry days later sends exactly what was queued.
 */
export interface OutgoingEmail {
  subject: string
  text: string
  html: string
  /** Whom it is for; absent for the owner's own emails (MAIL_TO). */
  to?: { name: string; address: string }
  /**
   * Where Reply goes: on the owner's emails the customer, so the owner can
   * simply press Reply; absent on a customer's, whose Reply reaches the owner.
   */
  replyTo?: { name: string; address: string }
  /**
   * How the same email goes through EmailJS, whose templates take parameters
   * rather than a body: orders are sent as JSON to /send, contact messages as
   * a form to /send-form (the original site's two calls).
   */
  emailjs:
    | { call: 'send'; template: 'order' | 'customer'; templateParams: Record<string, string> }
    | { call: 'send-form'; template: 'contact'; fields: Record<string, string> }
}
