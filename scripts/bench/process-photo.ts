/**
 * One upload's image processing in a process of its own, so the peak memory
 * it reports is that of one upload and nothing else the benchmark did:
 *
 *   node --import tsx scripts/bench/process-photo.ts <photo> <output folder>
 *
 * Prints a PhotoRun as one line of JSON on stdout.
 */
import { readFileSync } from 'node:fs'
import type { VariantFormat } from '#app/features/gallery/gallery-image.ts'
import { renderGalleryImage } from '#app/features/media/image-pipeline.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'

export interface PhotoRun {
  /** Wall time of renderGalleryImage alone, without Node's and tsx's start-up. */
  ms: number
  /**
   * CPU time (user + system, all threads) the process spent in it: steadier
   * than wall time on a shared machine, and what the server's cores pay.
   */
  cpuMs: number
  rssBeforeBytes: number
  /** The process's peak RSS, start-up included; the processing dwarfs that. */
  peakRssBytes: number
  peakRssSource: 'VmHWM' | 'maxRSS'
  files: number
  outputBytes: number
  width: number
  height: number
  /** What was stored, for the grid's size and quality figures */
  variants: {
    format: VariantFormat
    width: number
    height: number
    fileName: string
    bytes: number
  }[]
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
const cpuBefore = process.cpuUsage()
// A path, as an upload arrives: streamed to disk first (gallery-api.server.ts).
const rendered = await renderGalleryImage(input, {
  store: createLocalMediaStore(outputDir),
  folder: 'gallery',
  name: 'photo',
})
const ms = performance.now() - started
const cpu = process.cpuUsage(cpuBefore)

const run: PhotoRun = {
  ms,
  cpuMs: (cpu.user + cpu.system) / 1000,
  rssBeforeBytes,
  ...peakRss(),
  files: rendered.variants.length,
  outputBytes: rendered.storedBytes,
  width: rendered.width,
  height: rendered.height,
  variants: rendered.variants.map(({ format, width, height, fileName, bytes }) => ({
    format,
    width,
    height,
    fileName,
    bytes,
  })),
}
console.log(JSON.stringify(run))
