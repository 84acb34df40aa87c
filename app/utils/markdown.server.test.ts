import { expect, test } from 'vitest'
import {
  MARKDOWN_LIMITS,
  deepestLine,
  htmlToShow,
  renderMarkdown,
  type MarkdownResult,
} from './markdown.server.ts'

/** The HTML of Markdown that renders; the test fails with the refusal's sentence otherwise. */
function html(markdown: string): string {
  const result: MarkdownResult = renderMarkdown(markdown)
  if (!result.ok) throw new Error(result.error)
  return result.html
}

test('headings, lists, links and emphasis are kept', () => {
  const rendered = html(
    '# Orders\n\n## Deposits\n\nA **50%** deposit, *always*.\n\n- one\n- two\n\n1. first\n\nSee [the form](/ordernow), [us](https://example.com) or [mail](mailto:a@b.co).',
  )
  expect(rendered).toContain('<h2>Orders</h2>')
  expect(rendered).toContain('<h2>Deposits</h2>')
  expect(rendered).toContain('<strong>50%</strong>')
  expect(rendered).toContain('<em>always</em>')
  expect(rendered).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>')
  expect(rendered).toContain('<ol>\n<li>first</li>\n</ol>')
  expect(rendered).toContain('<a href="/ordernow">the form</a>')
  expect(rendered).toContain('<a href="https://example.com" rel="noopener nofollow">us</a>')
  expect(rendered).toContain('<a href="mailto:a@b.co">mail</a>')
})

test('hostile HTML comes out inert', () => {
  const rendered = html(
    [
      '<script>alert("x")</script>',
      '<img src=x onerror="alert(1)">',
      '<p onclick="alert(2)" style="color:red">styled</p>',
      '[click](javascript:alert(3))',
      '<a href="JaVaScRiPt:alert(4)">also</a>',
      '<a href="data:text/html,<script>alert(5)</script>">data</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<svg onload="alert(6)"><circle/></svg>',
      '<form action="https://evil.example"><input name="card"></form>',
      '[proto](//evil.example)',
    ].join('\n\n'),
  )
  for (const banned of [
    '<script',
    'alert(',
    'onerror',
    'onclick',
    'onload',
    'style=',
    '<style',
    'javascript:',
    'data:',
    '<iframe',
    '<img',
    '<svg',
    '<form',
    '<input',
    'evil.example',
  ]) {
    expect(rendered.toLowerCase()).not.toContain(banned.toLowerCase())
  }
  // The words around them stay.
  expect(rendered).toContain('styled')
  expect(rendered).toContain('<a>click</a>')
})

test('an empty page renders as nothing', () => {
  expect(html('')).toBe('')
  expect(html('   \n\n  ')).toBe('')
})

test('text nested thousands deep is refused with a sentence, quickly, without running out of stack', () => {
  const started = performance.now()
  const deep = {
    quotes: `${'>'.repeat(5000)} Deposits`,
    spacedQuotes: `${'> '.repeat(5000)}Deposits`,
    list: Array.from({ length: 140 }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join(
      '\n',
    ),
    inlineList: `${'- '.repeat(5000)}x`,
    orderedList: `${'1. '.repeat(5000)}x`,
    emphasis: nestedEmphasis(100),
  }
  for (const [name, markdown] of Object.entries(deep)) {
    const result = renderMarkdown(markdown)
    expect(result.ok, name).toBe(false)
    if (!result.ok) expect(result.error, name).toMatch(/Please (make it flatter|simplify it)\.$/)
  }
  expect(renderMarkdown(deep.quotes)).toEqual({
    ok: false,
    error:
      'Line 1 puts 5000 quotes, lists or indents inside one another; the page takes at most 16. Please make it flatter.',
  })
  // Refused before marked's work grows with the depth: all of them in well under a second.
  expect(performance.now() - started).toBeLessThan(2000)
})

test('emphasis nested until marked gives up is refused, not thrown', () => {
  expect(renderMarkdown(nestedEmphasis(3000))).toEqual({
    ok: false,
    error: 'This text could not be laid out as a page. Please simplify it.',
  })
})

/** `*w _w *w … x … w_ w*`: emphasis `levels` deep, on one line. */
function nestedEmphasis(levels: number): string {
  const marks = Array.from({ length: levels }, (_, level) => (level % 2 ? '_' : '*'))
  return `${marks.map((mark) => `${mark}w `).join('')}x${marks
    .toReversed()
    .map((mark) => ` w${mark}`)
    .join('')}`
}

test('what a page needs nests freely: a quote with a list of lists, code indented under an item', () => {
  const page = [
    '> ## Allergens',
    '>',
    '> - Nuts',
    '>   - Almond flour in macarons',
    '>     - and in the frangipane',
    '',
    '1. Order',
    '   1. Choose a date',
    '',
    '       indented code',
  ].join('\n')
  expect(html(page)).toContain('<li>and in the frangipane</li>')
  const nested = Array.from(
    { length: MARKDOWN_LIMITS.nesting },
    (_, level) => `${'  '.repeat(level)}- level ${level}`,
  )
  expect(html(nested.join('\n'))).toContain(`level ${MARKDOWN_LIMITS.nesting - 1}`)
  expect(deepestLine(nested.join('\n'))).toEqual({
    line: MARKDOWN_LIMITS.nesting,
    depth: MARKDOWN_LIMITS.nesting,
  })
})

test('a page reads the stored rendering, and shows the text as plain paragraphs where there is none', () => {
  expect(htmlToShow('## Deposits', '<h2>Deposits</h2>')).toBe('<h2>Deposits</h2>')
  expect(htmlToShow('## Deposits\n50% <b>now</b>\n\n> & later', null)).toBe(
    '<p>## Deposits<br>50% &lt;b&gt;now&lt;/b&gt;</p>\n<p>&gt; &amp; later</p>',
  )
  expect(htmlToShow('', null)).toBe('')
})
