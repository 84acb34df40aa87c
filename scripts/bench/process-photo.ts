/**
 * One upload's image processing in a process of its own, so the peak memory
 * it reports is that of one upload and nothing else the benchmark did:
 *
 *   node --import tsx scripts/bench/process-photo.ts <photo> <output folder>
 *
 * Prints a PhotoRun as one line of JSON on stdout.
 */
import { readFileSync } from 'node:fs'
import { renderGalleryImage } from '#app/features/gallery/image-pipeline.server.ts'
import { createLocalMediaStore } from '#app/features/gallery/media-store.server.ts'

export interface PhotoRun {
  /** Wall time of renderGalleryImage alone, without Node's and tsx's start-up. */
  ms: number
  rssBeforeBytes: number
  /** The process's peak RSS, start-up included; the processing dwarfs that. */
  peakRssBytes: number
  peakRssSource: 'VmHWM' | 'maxRSS'
  files: number
  outputBytes: number
  width: number
  height: number
}

/**
 * Linux carries getrusage's maxRSS over from the parent across fork and exec,
 * so a child of the benchmark (Lighthouse and the gallery's photos make it
 * hundreds of MB) would report the parent's peak. VmHWM is this program's
 * own; elsewhere maxRSS (KiB) is the best there is.
 */
function peakRss(): Pick<PhotoRun, 'peakRssBytes' | 'peakRssSource'> {
  try {
    const match = /^VmHWM:\s*(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match) return { peakRssBytes: Number(match[1]) * 1024, peakRssSource: 'VmHWM' }
  } catch {
    // No /proc: not Linux.
  }
  return { peakRssBytes: process.resourceUsage().maxRSS * 1024, peakRssSource: 'maxRSS' }
}

const [input, outputDir] = process.argv.slice(2)
if (!input || !outputDir) {
  console.error('Usage: node --import tsx scripts/bench/process-photo.ts <photo> <output folder>')
  process.exit(2)
}

const rssBeforeBytes = process.memoryUsage.rss()
const started = performance.now()
// A path, as an upload arrives: streamed to disk first (gallery-api.server.ts).
const rendered = await renderGalleryImage(input, {
  store: createLocalMediaStore(outputDir),
  folder: 'gallery',
  name: 'photo',
})
const ms = performance.now() - started

const run: PhotoRun = {
  ms,
  rssBeforeBytes,
  ...peakRss(),
  files: rendered.variants.length,
  outputBytes: rendered.storedBytes,
  width: rendered.width,
  height: rendered.height,
}
console.log(JSON.stringify(run))
