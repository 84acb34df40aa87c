import { POLICIES_MAX, siteAnswerFor } from '#app/features/site-content/site-settings-form.ts'
import { WORDS_LIMITS } from '#app/features/site-content/site-words-schema.ts'
import type { GroupProps } from './group-props.ts'
import { Group, PreviewPublish } from './group.tsx'
import { type FieldSpec, TextField } from './text-fields.tsx'

const MARKDOWN_HINT =
  'Markdown: ## for a heading, - for a list, **bold**, [words](https://…) for a link. Anything else is left out.'

const MARKDOWN_FIELDS: Record<'faq' | 'policies', FieldSpec> = {
  faq: {
    name: 'markdown',
    idName: 'faq-markdown',
    label: 'Questions and answers',
    hint: MARKDOWN_HINT,
    optional: true,
    max: WORDS_LIMITS.markdown,
    rows: 14,
    stored: (w) => w.faq.markdown,
  },
  policies: {
    name: 'markdown',
    idName: 'policies-markdown',
    label: 'Order policies',
    hint: MARKDOWN_HINT,
    optional: true,
    max: POLICIES_MAX,
    rows: 14,
    stored: (_w, policies) => policies,
  },
}

export function MarkdownGroup({
  words,
  policies,
  orderTerms,
  posted,
  section,
}: GroupProps & { section: 'faq' | 'policies' }) {
  const result = siteAnswerFor(posted, section)
  const faq = section === 'faq'
  return (
    <Group
      section={section}
      title={faq ? 'FAQ' : 'Policies'}
      intro={
        faq ? (
          <>
            The questions customers ask, on{' '}
            <a href="/faq" className="text-link">
              /faq
            </a>
            . Empty hides the page’s link.
          </>
        ) : (
          <>
            The order policies on{' '}
            <a href="/policies" className="text-link">
              /policies
            </a>
            , and the very text every customer ticks before sending a request. Each request keeps
            the text it was sent with.
          </>
        )
      }
      result={result}
      buttons={<PreviewPublish />}
      preview={
        result?.previewHtml !== undefined ? (
          result.previewHtml ? (
            // Sanitised on the server (utils/markdown.server.ts).
            <div
              className="markdown-page"
              dangerouslySetInnerHTML={{ __html: result.previewHtml }}
            />
          ) : (
            <p>The page is empty: it will say “nothing here yet”.</p>
          )
        ) : null
      }
    >
      {faq ? null : <OrderTermsFromRules terms={orderTerms} />}
      <TextField
        field={MARKDOWN_FIELDS[section]}
        result={result}
        words={words}
        policies={policies}
      />
    </Group>
  )
}

/**
 * The terms the policies open with, as customers read them: written from
 * her rules, so her words can only add to them, never contradict them.
 */
function OrderTermsFromRules({ terms }: { terms: GroupProps['orderTerms'] }) {
  return (
    <section
      className="rounded-2xl border-2 border-chocolate/15 bg-cream p-4"
      aria-labelledby="order-terms-from-rules"
    >
      <h3 id="order-terms-from-rules" className="font-bold text-chocolate">
        First, from your rules
      </h3>
      <ul className="mt-2 grid gap-1.5">
        {terms.map((term) => (
          <li key={term.title}>
            <strong>{term.title}.</strong> {term.text}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        They follow{' '}
        <a href="/admin/settings/payments" className="text-link">
          Settings › Payments
        </a>{' '}
        as you change it. Below, your own words: notice, allergens, anything else.
      </p>
    </section>
  )
}
