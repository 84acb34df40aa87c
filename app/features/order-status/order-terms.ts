/**
 * The terms every order is made on, written from the rules the site
 * applies: the deposit, when the balance falls due, and the change and
 * cancellation policy (decision 079). The policies page, the order form's
 * tick, the text stored with each send and the owner's policies editor all
 * read them here, so what a customer agrees to is what the site does; her
 * own words go around them, never in their place. The browser may load it.
 */

/**
 * The owner's change and cancellation policy (decision 054), as rules the
 * site applies: no changes or cancellations within `windowDays` of the
 * order date; a cancellation `cutoffDays` or more before the order date
 * gets `beforePercent` of the deposit back, a later one `afterPercent`.
 * Anything paid beyond the deposit always comes back in full: the bake was
 * not made.
 */
export interface ChangePolicy {
  windowDays: number
  cutoffDays: number
  beforePercent: number
  afterPercent: number
}

/** The rules the terms are written from, as Settings keeps them. */
export interface OrderRules {
  /** A quote's balance falls due this many days before the order date (0: on the day). */
  balanceDueDays: number
  change: ChangePolicy
}

/** One term: 'Deposit' and what the site does about it. */
export interface OrderTerm {
  title: string
  text: string
}

/** The heading the terms stand under wherever they are shown. */
export const ORDER_TERMS_HEADING = 'What every order follows'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The change and cancellation policy in the customer's words, as her page shows it. */
export function policySentence(policy: ChangePolicy): string {
  return `${changesSentence(policy)} ${refundSentenceOf(policy)}`
}

function changesSentence(policy: ChangePolicy): string {
  return policy.windowDays === 0
    ? 'You can ask for a change or cancel up to the day before your date.'
    : `You can ask for a change or cancel until ${plural(policy.windowDays, 'day')} before your date; after that, please write to us.`
}

function refundSentenceOf(policy: ChangePolicy): string {
  const refund =
    policy.beforePercent === policy.afterPercent
      ? `If you cancel, ${policy.beforePercent}% of your deposit comes back to you.`
      : `If you cancel ${plural(policy.cutoffDays, 'day')} or more before your date, ${policy.beforePercent}% of your deposit comes back to you; later, ${policy.afterPercent}%.`
  return `${refund} Anything you paid beyond the deposit always comes back in full.`
}

/** When a quote's balance falls due by default, as a customer reads it. */
function balanceSentence(days: number): string {
  const when =
    days === 0 ? 'on the day of your order' : `${plural(days, 'day')} before the day of your order`
  return `The rest is due ${when}, unless your quote gives another date. It is never due before the day we send the quote.`
}

/** The terms, in the order a customer meets them. */
export function orderTerms(rules: OrderRules): OrderTerm[] {
  return [
    {
      title: 'Deposit',
      text: 'Your quote says the deposit and when it is due. Accepting the quote holds your date, and the deposit books it.',
    },
    { title: 'Balance', text: balanceSentence(rules.balanceDueDays) },
    { title: 'Changes', text: changesSentence(rules.change) },
    { title: 'Cancellations', text: refundSentenceOf(rules.change) },
  ]
}

/** The terms as a Markdown section under their heading. */
export function orderTermsMarkdown(terms: readonly OrderTerm[]): string {
  return [
    `## ${ORDER_TERMS_HEADING}`,
    '',
    ...terms.map((term) => `- **${term.title}.** ${term.text}`),
  ].join('\n')
}

/**
 * The terms and her words as one Markdown text: what is stored with each
 * send as the policies its customer ticked.
 */
export function orderPoliciesText(terms: readonly OrderTerm[], words: string): string {
  const section = orderTermsMarkdown(terms)
  return words.trim() ? `${section}\n\n${words.trim()}` : section
}
