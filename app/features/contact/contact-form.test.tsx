import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { ContactForm } from './contact-form.tsx'

/** The contact form as the server writes it, after a post it refused or before any. */
function render(postedResult?: Parameters<typeof ContactForm>[0]['postedResult']) {
  const Stub = createRoutesStub([
    { path: '/contact', Component: () => <ContactForm postedResult={postedResult} /> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/contact']} />)
}

test('the contact form’s fields, as written empty and again with her words and the errors', () => {
  expect(render()).toMatchInlineSnapshot(
    `"<form data-replay-submit="" class="grid gap-5" data-discover="true" action="/contact" method="post"><div class="form-field"><label for="field-name" class="form-label">Name</label><input id="field-name" type="text" required="" maxLength="100" autoComplete="name" name="name"/></div><div class="grid gap-5 sm:grid-cols-2"><div class="form-field"><label for="field-email" class="form-label">Email</label><input id="field-email" type="email" required="" maxLength="254" autoComplete="email" name="email"/></div><div class="form-field"><label for="field-phone_number" class="form-label">Phone Number</label><input id="field-phone_number" aria-describedby="field-phone_number-hint" type="tel" required="" maxLength="30" autoComplete="tel" name="phone_number"/><p id="field-phone_number-hint" class="form-hint">10 digits, e.g. 416-555-0123</p></div></div><div class="form-field"><label for="field-message" class="form-label">Message</label><textarea id="field-message" name="message" required="" rows="6" maxLength="5000"></textarea></div><div class="honeypot" aria-hidden="true"><label>Leave this field empty<input type="text" tabindex="-1" autoComplete="off" name="website" value=""/></label></div><div class="flex flex-wrap items-center gap-4"><button type="submit" class="button-primary">Send Message</button><div role="status" aria-live="polite" class="min-h-6"></div></div></form>"`,
  )
  expect(
    render({
      ok: false,
      error: 'Please check the form.',
      fieldErrors: { email: 'Enter an email address.', phone_number: 'Enter a phone number.' },
      values: { name: 'Ana', email: 'ana@', phone_number: '12', message: 'Hello' },
    }),
  ).toMatchInlineSnapshot(
    `"<form data-replay-submit="" class="grid gap-5" data-discover="true" action="/contact" method="post"><div class="form-field"><label for="field-name" class="form-label">Name</label><input id="field-name" type="text" required="" maxLength="100" autoComplete="name" name="name" value="Ana"/></div><div class="grid gap-5 sm:grid-cols-2"><div class="form-field"><label for="field-email" class="form-label">Email</label><input id="field-email" aria-invalid="true" aria-describedby="field-email-error" type="email" required="" maxLength="254" autoComplete="email" name="email" value="ana@"/><p id="field-email-error" class="form-error">Enter an email address.</p></div><div class="form-field"><label for="field-phone_number" class="form-label">Phone Number</label><input id="field-phone_number" aria-invalid="true" aria-describedby="field-phone_number-hint field-phone_number-error" type="tel" required="" maxLength="30" autoComplete="tel" name="phone_number" value="12"/><p id="field-phone_number-hint" class="form-hint">10 digits, e.g. 416-555-0123</p><p id="field-phone_number-error" class="form-error">Enter a phone number.</p></div></div><div class="form-field"><label for="field-message" class="form-label">Message</label><textarea id="field-message" name="message" required="" rows="6" maxLength="5000">Hello</textarea></div><div class="honeypot" aria-hidden="true"><label>Leave this field empty<input type="text" tabindex="-1" autoComplete="off" name="website" value=""/></label></div><div class="flex flex-wrap items-center gap-4"><button type="submit" class="button-primary">Send Message</button><div role="status" aria-live="polite" class="min-h-6"><p class="status-error">Failed to send message. Try again later.</p></div></div></form>"`,
  )
})
