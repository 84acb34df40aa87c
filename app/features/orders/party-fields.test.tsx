import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ContactFields } from './party-fields.tsx'

test('the order form’s name, email and phone, as written empty and again with her words and the errors', () => {
  expect(
    renderToStaticMarkup(<ContactFields valueOf={() => undefined} errors={{}} />),
  ).toMatchInlineSnapshot(
    `"<div class="form-field"><label for="field-name" class="form-label">Name</label><input id="field-name" type="text" required="" maxLength="100" autoComplete="name" name="name"/></div><div class="form-field"><label for="field-email" class="form-label">Email</label><input id="field-email" type="email" required="" maxLength="254" autoComplete="email" name="email"/></div><div class="form-field"><label for="field-phone_number" class="form-label">Phone Number</label><input id="field-phone_number" aria-describedby="field-phone_number-hint" type="tel" required="" maxLength="30" autoComplete="tel" name="phone_number"/><p id="field-phone_number-hint" class="form-hint">10 digits, e.g. 416-555-0123</p></div>"`,
  )
  const values: Record<string, string> = { name: 'Ana', email: 'ana@', phone_number: '12' }
  expect(
    renderToStaticMarkup(
      <ContactFields
        valueOf={(field) => values[field]}
        errors={{ name: 'Enter your name.', phone_number: 'Enter a phone number.' }}
        onKeep={() => undefined}
      />,
    ),
  ).toMatchInlineSnapshot(
    `"<div class="form-field"><label for="field-name" class="form-label">Name</label><input id="field-name" aria-invalid="true" aria-describedby="field-name-error" type="text" required="" maxLength="100" autoComplete="name" name="name" value="Ana"/><p id="field-name-error" class="form-error">Enter your name.</p></div><div class="form-field"><label for="field-email" class="form-label">Email</label><input id="field-email" type="email" required="" maxLength="254" autoComplete="email" name="email" value="ana@"/></div><div class="form-field"><label for="field-phone_number" class="form-label">Phone Number</label><input id="field-phone_number" aria-invalid="true" aria-describedby="field-phone_number-hint field-phone_number-error" type="tel" required="" maxLength="30" autoComplete="tel" name="phone_number" value="12"/><p id="field-phone_number-hint" class="form-hint">10 digits, e.g. 416-555-0123</p><p id="field-phone_number-error" class="form-error">Enter a phone number.</p></div><div class="party-keep sm:col-span-2"><p class="form-hint">Your details go with every treat in your cart.</p><button type="button" class="button-secondary">Keep these details</button></div>"`,
  )
})
