import { expect, test } from 'vitest'
import { composeContactEmail } from './contact-email.ts'

const hostile = {
  name: 'Eve "<script>"',
  email: 'eve@example.com',
  phone_number: '4165550123',
  message: 'Line one <i>\nIt\'s & "quoted"',
}

test("a visitor's markup in a message is escaped in the email's HTML", () => {
  const { html } = composeContactEmail(hostile, 'Crumb & Co')
  expect(html).not.toContain('<script>')
  expect(html).not.toContain('<i>')
  expect(html).toContain(
    '<h1 style="font-size:22px">New message from Eve &quot;&lt;script&gt;&quot;</h1>',
  )
  expect(html).toContain('Line one &lt;i&gt;\nIt&#39;s &amp; &quot;quoted&quot;</p>')
  expect(html).toContain('Reply to this email to answer Eve &quot;&lt;script&gt;&quot;.')
})

test("the email's text keeps the visitor's words as they wrote them", () => {
  expect(composeContactEmail(hostile, 'Crumb & Co').text).toBe(`New message from Eve "<script>"

Name: Eve "<script>"
Email: eve@example.com
Phone: 416-555-0123

Message:
Line one <i>
It's & "quoted"

Reply to this email to answer Eve "<script>".
`)
})
