import { expect, test } from 'vitest'
import { renderMarkdown } from './markdown.server.ts'

test('headings, lists, links and emphasis are kept', () => {
  const html = renderMarkdown(
    '# Orders\n\n## Deposits\n\nA **50%** deposit, *always*.\n\n- one\n- two\n\n1. first\n\nSee [the form](/ordernow), [us](https://example.com) or [mail](mailto:a@b.co).',
  )
  expect(html).toContain('<h2>Orders</h2>')
  expect(html).toContain('<h2>Deposits</h2>')
  expect(html).toContain('<strong>50%</strong>')
  expect(html).toContain('<em>always</em>')
  expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>')
  expect(html).toContain('<ol>\n<li>first</li>\n</ol>')
  expect(html).toContain('<a href="/ordernow">the form</a>')
  expect(html).toContain('<a href="https://example.com" rel="noopener nofollow">us</a>')
  expect(html).toContain('<a href="mailto:a@b.co">mail</a>')
})

test('hostile HTML comes out inert', () => {
  const html = renderMarkdown(
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
    expect(html.toLowerCase()).not.toContain(banned.toLowerCase())
  }
  // The words around them stay.
  expect(html).toContain('styled')
  expect(html).toContain('<a>click</a>')
})

test('an empty page renders as nothing', () => {
  expect(renderMarkdown('')).toBe('')
  expect(renderMarkdown('   \n\n  ')).toBe('')
})
