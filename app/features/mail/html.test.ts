import { expect, test } from 'vitest'
import { detailsTable, markup, ownerEmailHtml } from './html.ts'

test('text in a markup template is escaped, rendered fragments are not', () => {
  const name = `<script>alert("hi")</script> & 'co'`
  const fragment = markup`<b>${name}</b>`
  expect(String(fragment)).toBe(
    '<b>&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &#39;co&#39;</b>',
  )
  expect(String(markup`<p>${fragment}</p>`)).toBe(`<p>${String(fragment)}</p>`)
})

test('lists of fragments are joined and empty values leave nothing', () => {
  expect(String(markup`<ul>${['a<', 'b'].map((item) => markup`<li>${item}</li>`)}</ul>`)).toBe(
    '<ul><li>a&lt;</li><li>b</li></ul>',
  )
  expect(String(markup`<p>${null}${undefined}${false}${0}</p>`)).toBe('<p>0</p>')
})

test('the owner email shell escapes its heading and the name to reply to', () => {
  const page = ownerEmailHtml({
    heading: 'New message from <Eve>',
    content: detailsTable([['Name', '"Eve"']]),
    replyName: '<Eve>',
    bakeryName: 'Crumb & Co',
  })
  expect(page.startsWith('<!doctype html><html>')).toBe(true)
  expect(page).toContain('<h1 style="font-size:22px">New message from &lt;Eve&gt;</h1>')
  expect(page).toContain('>&quot;Eve&quot;</td>')
  expect(page).toContain('Reply to this email to answer &lt;Eve&gt;.')
  expect(page).not.toContain('<Eve>')
})
