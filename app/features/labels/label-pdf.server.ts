import PDFDocument from 'pdfkit'
import { LAYOUTS, type Layout, type LayoutKey } from './label-layouts.ts'
import { type Label, type LabelLine, labelLines } from './label-text.ts'
import type { LabelCount } from './labels.server.ts'

/**
 * Labels as a PDF on the sheets bakers stick them from: letter sheets of
 * 2" × 4" and 3 1/3" × 4" labels, and 2" × 1" thermal rolls, one label a
 * page. Each label's words are set as large as its cell allows, never below
 * a legible 6 points, the statement at least the size its law sets; what
 * still does not fit goes on to the next label, marked as continued. Drawn
 * with PDFKit's built-in Helvetica, so the server needs no font files.
 */

const SMALLEST_POINTS = 6
const LARGEST_POINTS = 11
const LEADING = 1.15

/** One line as set: its words, face and size. */
interface SetLine {
  text: string
  bold: boolean
  points: number
}

export async function renderLabelsPdf(
  labels: readonly LabelCount[],
  layoutKey: LayoutKey,
  { title, compress = true }: { title: string; compress?: boolean },
): Promise<Uint8Array<ArrayBuffer>> {
  const layout: Layout = LAYOUTS[layoutKey]
  const doc = new PDFDocument({
    size: [layout.page.width, layout.page.height],
    margin: 0,
    compress,
    autoFirstPage: false,
    info: { Title: title },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  const perPage = layout.columns * layout.rows
  let cell = 0
  for (const { label, count } of labels) {
    // Every copy of a label is set alike: set once, drawn `count` times.
    const cells = setLabel(doc, label, layout)
    for (let copy = 0; copy < count; copy++) {
      for (const lines of cells) {
        if (cell % perPage === 0) doc.addPage()
        drawCell(doc, layout, cell % perPage, lines)
        cell++
      }
    }
  }
  if (cell === 0) doc.addPage()
  doc.end()
  return done
}

function drawCell(doc: PDFKit.PDFDocument, layout: Layout, index: number, lines: SetLine[]) {
  const column = index % layout.columns
  const row = Math.floor(index / layout.columns)
  const x = layout.origin.x + column * layout.pitch.x + layout.padding
  let y = layout.origin.y + row * layout.pitch.y + layout.padding
  doc.fillColor('#000000')
  for (const line of lines) {
    doc
      .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(line.points)
      .text(line.text, x, y, { lineBreak: false })
    y += line.points * LEADING
  }
}

/**
 * A label's lines wrapped to its cell at the largest size that fits one
 * cell, or at the smallest legible size over as many cells as it takes.
 */
function setLabel(doc: PDFKit.PDFDocument, label: Label, layout: Layout): SetLine[][] {
  const width = layout.label.width - 2 * layout.padding
  const height = layout.label.height - 2 * layout.padding
  const source = labelLines(label)
  for (let points = LARGEST_POINTS; points >= SMALLEST_POINTS; points -= 0.5) {
    const lines = wrapAll(doc, source, label, points, width)
    if (heightOf(lines) <= height) return [lines]
  }
  const lines = wrapAll(doc, source, label, SMALLEST_POINTS, width)
  const continued: SetLine = {
    text: `${label.name} (continued)`,
    bold: true,
    points: SMALLEST_POINTS,
  }
  const cells: SetLine[][] = [[]]
  for (const line of lines) {
    let current = cells.at(-1)!
    if (current.length > 0 && heightOf([...current, line]) > height) {
      current = [continued]
      cells.push(current)
    }
    current.push(line)
  }
  return cells
}

function wrapAll(
  doc: PDFKit.PDFDocument,
  source: readonly LabelLine[],
  label: Label,
  points: number,
  width: number,
): SetLine[] {
  return source.flatMap((line) => {
    const bold = line.kind !== 'body'
    const size =
      line.kind === 'name'
        ? points + 2
        : line.kind === 'statement'
          ? Math.max(points, label.statementPoints ?? 0)
          : points
    return line.text
      .split('\n')
      .flatMap((paragraph) => wrap(doc, paragraph, bold, size, width))
      .map((text) => ({ text, bold, points: size }))
  })
}

/** Words to lines no wider than `width`; a word wider than a line is broken. */
function wrap(
  doc: PDFKit.PDFDocument,
  text: string,
  bold: boolean,
  points: number,
  width: number,
): string[] {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(points)
  const fits = (candidate: string) => doc.widthOfString(candidate) <= width
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/[ \t]+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (fits(candidate)) {
      current = candidate
      continue
    }
    if (current) lines.push(current)
    current = word
    while (!fits(current)) {
      let cut = current.length - 1
      while (cut > 1 && !fits(current.slice(0, cut))) cut--
      lines.push(current.slice(0, cut))
      current = current.slice(cut)
    }
  }
  if (current) lines.push(current)
  return lines
}

function heightOf(lines: readonly SetLine[]): number {
  return lines.reduce((sum, line) => sum + line.points * LEADING, 0)
}
