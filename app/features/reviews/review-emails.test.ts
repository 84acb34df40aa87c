import { expect, test } from 'vitest'
import { composeReviewReceived } from './review-emails.ts'

const link = {
  requestId: 7,
  name: 'Priya <Sharma>',
  email: 'priya@example.com',
  token: 'tok',
  completed: true,
}

test('the owner’s news of a review she may show, word for word', () => {
  const email = composeReviewReceived({
    review: {
      rating: 5,
      words: 'Lovely <cake>,\nthank you & more',
      displayName: 'Priya',
      mayShow: true,
    },
    link,
    siteUrl: 'https://bakery.test',
    bakeryName: 'Crumb & Co',
  })
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "New review: 5 out of 5 stars from Priya <Sharma>. Lovely <cake>,
    thank you & more",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">New review: 5 out of 5 stars from Priya &lt;Sharma&gt;</h1><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Stars</th><td style="padding:4px 0;white-space:pre-wrap">5 out of 5 stars</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Review</th><td style="padding:4px 0;white-space:pre-wrap">Lovely &lt;cake&gt;,
    thank you &amp; more</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Shown as</th><td style="padding:4px 0;white-space:pre-wrap">Priya</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">May show it</th><td style="padding:4px 0;white-space:pre-wrap">Yes: you may show it on your site</td></tr></table><p style="margin-top:16px"><a href="https://bakery.test/admin/reviews">Your reviews</a></p><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "New review: 5 out of 5 stars from Priya <Sharma>",
      "text": "Priya <Sharma> reviewed her order.

    Stars: 5 out of 5 stars
    Review: Lovely <cake>,
    thank you & more
    Shown as: Priya
    May show it: Yes: you may show it on your site

    Show it on Home and About from your reviews: https://bakery.test/admin/reviews",
    }
  `)
})

test('the owner’s news of a private review without words, word for word', () => {
  const email = composeReviewReceived({
    review: { rating: 3, words: '', displayName: 'P.', mayShow: false },
    link,
    siteUrl: 'https://bakery.test',
    bakeryName: 'Crumb & Co',
  })
  expect(email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "0",
          "orders_summary": "New review: 3 out of 5 stars from Priya <Sharma>. ",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">New review: 3 out of 5 stars from Priya &lt;Sharma&gt;</h1><table role="presentation" style="border-collapse:collapse"><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Stars</th><td style="padding:4px 0;white-space:pre-wrap">3 out of 5 stars</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Review</th><td style="padding:4px 0;white-space:pre-wrap">(no words, just stars)</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">Shown as</th><td style="padding:4px 0;white-space:pre-wrap">P.</td></tr><tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">May show it</th><td style="padding:4px 0;white-space:pre-wrap">No: keep it private</td></tr></table><p style="margin-top:16px"><a href="https://bakery.test/admin/reviews">Your reviews</a></p><p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer Priya &lt;Sharma&gt;. Sent by the Crumb &amp; Co website.</p></body></html>",
      "replyTo": {
        "address": "priya@example.com",
        "name": "Priya <Sharma>",
      },
      "subject": "New review: 3 out of 5 stars from Priya <Sharma>",
      "text": "Priya <Sharma> reviewed her order.

    Stars: 3 out of 5 stars
    Review: (no words, just stars)
    Shown as: P.
    May show it: No: keep it private

    See it among your reviews: https://bakery.test/admin/reviews",
    }
  `)
})
