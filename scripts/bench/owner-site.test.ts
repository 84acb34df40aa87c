import { describe, expect, it } from 'vitest'
import { OWNER_REVIEWS, describeOwnerContent } from './owner-content.ts'
import {
  orderVersionOf,
  quoteAnswerFieldsOf,
  refusalOf,
  requestIdOf,
  requestTokenOf,
  reviewIdsOf,
} from './owner-site-html.ts'

describe('reading the pages the owner and her customers see', () => {
  it('finds the order page’s version, the first request in her list and the private link', () => {
    expect(orderVersionOf('<form><input type="hidden" name="version" value="4"/></form>')).toBe(4)
    expect(orderVersionOf('<p>That request is not in the order book.</p>')).toBeNull()
    expect(requestIdOf('<a href="/admin/orders/17">Cakes</a><a href="/admin/orders/18">')).toBe(17)
    expect(requestIdOf('<p>No requests match.</p>')).toBeNull()
    const mail = 'See your request: http://localhost:4100/requests/vzrtnmEwuLcgowSbjjJawGpk\n'
    expect(requestTokenOf(mail)).toBe('vzrtnmEwuLcgowSbjjJawGpk')
    expect(requestTokenOf('See your request: /requests/short')).toBeNull()
  })

  it('lists each review her list offers once, and reads the quote’s answer fields', () => {
    const list =
      '<input type="hidden" name="review" value="12"/>' +
      '<input type="hidden" name="review" value="3"/>' +
      '<input type="hidden" name="review" value="12"/>'
    expect(reviewIdsOf(list)).toEqual([3, 12])
    expect(reviewIdsOf('<p>No reviews yet.</p>')).toEqual([])
    expect(
      quoteAnswerFieldsOf(
        '<input type="hidden" name="request" value="1"/><input type="hidden" name="quote" value="2"/>',
      ),
    ).toEqual({ request: '1', quote: '2' })
    expect(quoteAnswerFieldsOf('<p>Completed</p>')).toBeNull()
  })

  it('says why a form was refused: its JSON error or the page’s alert', () => {
    expect(refusalOf('{"ok":false,"error":"A quoted request cannot be marked ready."}')).toBe(
      'A quoted request cannot be marked ready.',
    )
    expect(
      refusalOf('<html><p role="alert" class="x">The <b>price</b> is\n missing.</p></html>'),
    ).toBe('The price is missing.')
    expect(refusalOf('Bad Request')).toBe('Bad Request')
  })

  it('describes the content on the pages for the report', () => {
    const said = describeOwnerContent()
    expect(said).toContain('hero (2400×1800 JPEG')
    expect(said).toContain('logo (600×600 PNG')
    expect(said).toContain('announcement banner on')
    expect(said).toContain('FAQ of 5 questions')
    expect(said).toContain('policies in 4 parts')
    expect(said).toContain(`${OWNER_REVIEWS.length} five-star reviews shown`)
  })
})
