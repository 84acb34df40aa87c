import { type RenderedMarkdown, renderMarkdown } from '#app/utils/markdown.server.ts'

/** Markdown with its rendering, as a save stores it; a text that does not render fails the test. */
export function rendered(markdown: string): RenderedMarkdown {
  const result = renderMarkdown(markdown)
  if (!result.ok) throw new Error(result.error)
  return { markdown: result.markdown, html: result.html }
}
