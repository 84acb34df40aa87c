import { inflateSync } from 'node:zlib'

/**
 * The words a PDF draws: each content stream inflated, and the strings its
 * text operators show (PDFKit writes them as hex, in WinAnsi) joined.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1')
  const words: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1')
    } catch {
      content = match[1]!
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const parts = [...shown[1]!.matchAll(/<([0-9a-fA-F]+)>|(-?\d+(?:\.\d+)?)/g)]
      let line = ''
      for (const [, hex, kern] of parts) {
        if (hex) line += fromWinAnsi(Buffer.from(hex, 'hex'))
        // A wide gap between runs reads as a space.
        else if (kern && Number(kern) < -200) line += ' '
      }
      words.push(line)
    }
  }
  return words.join('\n')
}

/** WinAnsi's characters where it differs from Latin-1 (0x80–0x9F); undefined slots stay as read. */
const WIN_ANSI_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

function fromWinAnsi(bytes: Buffer): string {
  let text = ''
  for (const byte of bytes) {
    text += byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte)
  }
  return text
}
