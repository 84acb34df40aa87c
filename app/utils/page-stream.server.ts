import { setImmediate as nextTurn } from 'node:timers/promises'

/** One page's text, and where the next page starts (null: this was the last). */
export interface StreamedPage<Cursor> {
  text: string
  next: Cursor | null
}

/**
 * A download that grows with the order book (the CSV, the calendar feed),
 * written a page at a time: `readPage(cursor)` reads one page from the
 * database (keyset, so every page costs the same) and returns its text.
 *
 * - Memory stays flat: a page is read only when the reader has taken the one
 *   before (a pull stream holds one page at most), so a slow client or a
 *   full socket stops the reading rather than piling pages up in memory.
 * - Nothing else waits: between pages the stream gives the event loop a turn
 *   (SQLite's driver answers synchronously, so an await alone would not), so
 *   every other request is served between two pages of a 100k-row file.
 * - A client that goes away cancels the stream, and no further page is read.
 */
export function streamPages<Cursor>({
  head = '',
  first,
  readPage,
  tail = '',
}: {
  head?: string
  first: Cursor
  readPage: (cursor: Cursor) => Promise<StreamedPage<Cursor>>
  tail?: string
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let cursor: Cursor | null = first
  let started = false
  return new ReadableStream<Uint8Array>(
    {
      // Each pull enqueues something or closes: a pull that enqueued nothing
      // would not be called again, and the download would hang.
      async pull(controller) {
        if (!started) {
          started = true
          if (head) {
            controller.enqueue(encoder.encode(head))
            return
          }
        }
        for (;;) {
          if (cursor === null) {
            if (tail) controller.enqueue(encoder.encode(tail))
            controller.close()
            return
          }
          await nextTurn()
          const page = await readPage(cursor)
          cursor = page.next
          if (page.text) {
            controller.enqueue(encoder.encode(page.text))
            return
          }
        }
      },
    },
    // One chunk waiting at most: the next page is read when this one is taken.
    { highWaterMark: 1 },
  )
}
