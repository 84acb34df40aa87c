import { Link } from 'react-router'

/**
 * A public page of the owner's Markdown (/faq, /policies): her words as the
 * server rendered and sanitised them when she saved (utils/markdown.server.ts), with no script of
 * its own. An empty page says so kindly rather than answering 404.
 */
export function MarkdownPage({
  eyebrow,
  title,
  html,
  empty,
}: {
  eyebrow: string
  title: string
  /** Sanitised HTML stored beside her Markdown (renderMarkdown); empty when she has written nothing yet. */
  html: string
  empty: string
}) {
  return (
    <section className="page-section">
      <div className="mx-auto max-w-3xl">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="page-heading mt-2">{title}</h1>
        {html ? (
          // Sanitised on the server: only headings, paragraphs, lists, links and emphasis remain.
          <div className="markdown-page mt-8 text-lg" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="lede mt-6">
            {empty} Questions are welcome on our{' '}
            <Link to="/contact" className="text-link">
              contact page
            </Link>
            .
          </p>
        )}
      </div>
    </section>
  )
}
