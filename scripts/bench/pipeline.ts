import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { demoArtworks } from '#app/features/gallery/demo-artwork.server.ts'
import { onCleanup } from './cleanup.ts'
import { formatTable } from './markdown.ts'
import type { PhotoRun } from './process-photo.ts'
import type { Section } from './section.ts'
import { repoRoot } from './server.ts'
import { envInt, median } from './stats.ts'

const execFileAsync = promisify(execFile)

/** What a phone camera makes: 12 megapixels, 4:3. */
const PHOTO = { width: 4000, height: 3000, jpegQuality: 90 } as const
const CHILD_SCRIPT = path.join(import.meta.dirname, 'process-photo.ts')
const MIB = 1024 * 1024

/**
 * A photo-like 12-megapixel JPEG: a demo artwork drawn at full size with
 * gaussian grain on top. Flat vector colours would compress to almost
 * nothing and flatter every encoder; grain gives them sensor-like work.
 * Returns its size in bytes.
 */
export async function makeTestPhoto(file: string): Promise<number> {
  const { width, height, jpegQuality } = PHOTO
  const artwork = demoArtworks[0]
  if (!artwork) throw new Error('There is no demo artwork to draw the test photo from')
  const raw = { width, height, channels: 3 } as const
  const drawn = await sharp(Buffer.from(artwork.svg), { density: (72 * width) / artwork.width })
    .resize(width, height)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer()
  const noise = { type: 'gaussian', mean: 128, sigma: 24 } as const
  // sharp's types ask for a background even though noise replaces it.
  const grain = await sharp({ create: { ...raw, background: '#808080', noise } })
    .raw()
    .toBuffer()
  // Overlay with mid-grey noise keeps the picture's tones and adds texture.
  const info = await sharp(drawn, { raw })
    .composite([{ input: grain, raw, blend: 'overlay' }])
    .jpeg({ quality: jpegQuality })
    .toFile(file)
  return info.size
}

/** One run of process-photo.ts in a fresh Node process. */
async function processPhoto(input: string, outputDir: string): Promise<PhotoRun> {
  const controller = new AbortController()
  const stop = onCleanup(() => controller.abort())
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', CHILD_SCRIPT, input, outputDir],
      { cwd: repoRoot, signal: controller.signal },
    )
    const lastLine = stdout.trim().split('\n').at(-1) ?? ''
    return JSON.parse(lastLine) as PhotoRun
  } finally {
    await stop()
  }
}

export interface PipelineSummary {
  input: { width: number; height: number; bytes: number; jpegQuality: number }
  cores: number
  /** libvips threads per image; sharp picks 1 on glibc without jemalloc. */
  vipsThreads: number
  versions: { sharp: string; vips: string }
  median: PhotoRun
  runs: PhotoRun[]
}

export function formatPipeline(summary: PipelineSummary): string {
  const { input, cores, vipsThreads, median: m, runs } = summary
  const table = formatTable(
    ['Input MB', 'Output files', 'Output KB', 'Time ms', 'RSS before MB', 'Peak RSS MB'],
    [
      [
        (input.bytes / MIB).toFixed(2),
        String(m.files),
        (m.outputBytes / 1024).toFixed(0),
        m.ms.toFixed(0),
        (m.rssBeforeBytes / MIB).toFixed(0),
        (m.peakRssBytes / MIB).toFixed(0),
      ],
    ],
    ['right', 'right', 'right', 'right', 'right', 'right'],
  )
  const megapixels = (input.width * input.height) / 1_000_000
  return [
    `One ${input.width}×${input.height} photo (${megapixels} MP, grainy JPEG q${input.jpegQuality}) ` +
      `through \`renderGalleryImage\` (AVIF, WebP and JPEG at every width), each run in a fresh ` +
      `Node process; ${runs.length === 1 ? 'one run' : `median of ${runs.length} runs`}, ` +
      `${cores} CPU cores, libvips threads ${vipsThreads}. MB = MiB, KB = KiB; ` +
      `peak RSS is the whole process's (${m.peakRssSource}).`,
    '',
    table,
    '',
    // The formats are fixed inside the pipeline; a switch would change its API for a benchmark.
    'No figure without AVIF: the pipeline has no option to leave it out.',
  ].join('\n')
}

export const pipelineSection: Section = {
  id: 'pipeline',
  title: 'Image pipeline',
  async run() {
    const runs = envInt('BENCH_RUNS', 3)
    const workDir = await mkdtemp(path.join(tmpdir(), 'bench-pipeline-'))
    const removeWorkDir = onCleanup(() => rm(workDir, { recursive: true, force: true }))
    try {
      const input = path.join(workDir, 'photo.jpg')
      console.error(`Image pipeline: drawing a ${PHOTO.width}×${PHOTO.height} test photo`)
      const bytes = await makeTestPhoto(input)
      console.error(`Image pipeline: test photo is ${(bytes / MIB).toFixed(2)} MB`)

      const results: PhotoRun[] = []
      for (let run = 1; run <= runs; run++) {
        console.error(`Image pipeline (run ${run}/${runs})`)
        // A fresh folder each time, so every run writes the same files from nothing.
        const outputDir = await mkdtemp(path.join(workDir, 'out-'))
        results.push(await processPhoto(input, outputDir))
        await rm(outputDir, { recursive: true, force: true })
      }

      const pick = (field: (run: PhotoRun) => number) => median(results.map(field))
      const summary: PipelineSummary = {
        input: { width: PHOTO.width, height: PHOTO.height, bytes, jpegQuality: PHOTO.jpegQuality },
        cores: availableParallelism(),
        vipsThreads: sharp.concurrency(),
        versions: { sharp: sharp.versions.sharp ?? 'unknown', vips: sharp.versions.vips },
        median: {
          ms: pick((r) => r.ms),
          rssBeforeBytes: pick((r) => r.rssBeforeBytes),
          peakRssBytes: pick((r) => r.peakRssBytes),
          peakRssSource: results[0]?.peakRssSource ?? 'maxRSS',
          files: pick((r) => r.files),
          outputBytes: pick((r) => r.outputBytes),
          width: pick((r) => r.width),
          height: pick((r) => r.height),
        },
        runs: results,
      }
      return { markdown: formatPipeline(summary), data: summary }
    } finally {
      await removeWorkDir()
    }
  },
}
