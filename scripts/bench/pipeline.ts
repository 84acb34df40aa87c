import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { demoArtworks } from '#app/features/gallery/demo-artwork.server.ts'
import { GRID_SIZES } from '#app/features/gallery/gallery-sizes.ts'
import { onCleanup } from './cleanup.ts'
import { type GridQualityRow, OLD_SITE, measureGridQuality } from './grid-quality.ts'
import { formatTable } from './markdown.ts'
import { makePhotoLikeJpeg } from './photo-like.ts'
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

interface TestPhoto {
  id: string
  label: string
  make: (file: string) => Promise<number>
}

/**
 * The artwork's even grain is mostly fine noise, which encoders are bad at
 * keeping and SSIM is strict about, so it is the hard case for the tiles'
 * figures; the photo-like scene is the usual one. Both are timed.
 */
const TEST_PHOTOS: readonly TestPhoto[] = [
  { id: 'artwork', label: 'grainy artwork', make: makeTestPhoto },
  { id: 'photo-like', label: 'photo-like scene', make: makePhotoLikeJpeg },
]

export interface PhotoSummary {
  id: string
  label: string
  input: { width: number; height: number; bytes: number; jpegQuality: number }
  median: Omit<PhotoRun, 'variants'>
  runs: PhotoRun[]
  /** Encodes are deterministic, so these come from the first run's files. */
  grid: GridQualityRow[]
}

export interface PipelineSummary {
  input: { width: number; height: number; bytes: number; jpegQuality: number }
  cores: number
  /** libvips threads per image; sharp picks 1 on glibc without jemalloc. */
  vipsThreads: number
  versions: { sharp: string; vips: string }
  /** The first test photo's, as before there were two */
  median: Omit<PhotoRun, 'variants'>
  runs: PhotoRun[]
  photos: PhotoSummary[]
  gridSizes: string
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** Time, CPU and memory per test photo: the medians of its runs. */
function formatPhotoTimings(photos: readonly PhotoSummary[]): string {
  return formatTable(
    [
      'Photo',
      'Input MB',
      'Output files',
      'Output KB',
      'Time ms',
      'CPU ms',
      'RSS before MB',
      'Peak RSS MB',
    ],
    photos.map(({ label, input, median: m }) => [
      label,
      (input.bytes / MIB).toFixed(2),
      String(m.files),
      (m.outputBytes / 1024).toFixed(0),
      m.ms.toFixed(0),
      m.cpuMs.toFixed(0),
      (m.rssBeforeBytes / MIB).toFixed(0),
      (m.peakRssBytes / MIB).toFixed(0),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  )
}

/** Per photo and screen: the tile's bytes and SSIM in AVIF, WebP and the old site's JPEG. */
function formatGridQuality(photos: readonly PhotoSummary[]): string {
  return formatTable(
    [
      'Photo',
      'Screen',
      'Tile px',
      'Picks',
      'AVIF KB',
      'AVIF SSIM',
      'WebP KB',
      'WebP SSIM',
      'Old KB',
      'Old SSIM',
      'AVIF ÷ old',
      'WebP ÷ old',
    ],
    photos.flatMap(({ label, grid }) =>
      grid.map((row) => [
        label,
        row.screen.name,
        `${row.tileDevicePixels}`,
        `${row.pickedWidth}w`,
        kb(row.avif.bytes),
        row.avif.ssim.toFixed(4),
        kb(row.webp.bytes),
        row.webp.ssim.toFixed(4),
        kb(row.oldSite.bytes),
        row.oldSite.ssim.toFixed(4),
        (row.avif.bytes / row.oldSite.bytes).toFixed(2),
        (row.webp.bytes / row.oldSite.bytes).toFixed(2),
      ]),
    ),
    [
      'left',
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
      'right',
    ],
  )
}

/** What was run, on what, and how to read the timings. */
function describePipelineRuns({
  input,
  cores,
  vipsThreads,
  runs,
  median: m,
}: PipelineSummary): string {
  const megapixels = (input.width * input.height) / 1_000_000
  return (
    `One ${input.width}×${input.height} photo (${megapixels} MP, JPEG q${input.jpegQuality}) ` +
    `through \`renderGalleryImage\`, each run in a fresh ` +
    `Node process; ${runs.length === 1 ? 'one run' : `median of ${runs.length} runs`} per photo, ` +
    `${cores} CPU cores, libvips threads ${vipsThreads}. MB = MiB, KB = KiB; ` +
    `peak RSS is the whole process's (${m.peakRssSource}). CPU ms is user + system time of ` +
    'all its threads during the render: on a busy shared machine wall time swings, this does not.'
  )
}

/** How the gallery tiles were compared. */
function describeGridQuality(): string {
  return (
    'A gallery tile: bytes the grid loads per photo on each screen (the srcset width the ' +
    "browser picks from the grid's `sizes`), against the original site's file (the photo at " +
    `${OLD_SITE.maxWidth} px wide, JPEG q${OLD_SITE.jpegQuality}, shown at every size). SSIM ` +
    '(luma, 11×11 Gaussian window) of each against the original photo, both scaled to cover ' +
    'the square tile at its device pixels and cropped as the page shows them. Encodes are ' +
    'deterministic, so these come from one run.'
  )
}

export function formatPipeline(summary: PipelineSummary): string {
  return [
    describePipelineRuns(summary),
    '',
    formatPhotoTimings(summary.photos),
    '',
    describeGridQuality(),
    '',
    formatGridQuality(summary.photos),
  ].join('\n')
}

async function measurePhoto(
  photo: TestPhoto,
  workDir: string,
  runs: number,
): Promise<PhotoSummary> {
  const input = path.join(workDir, `${photo.id}.jpg`)
  console.error(`Image pipeline: drawing a ${PHOTO.width}×${PHOTO.height} ${photo.label}`)
  const bytes = await photo.make(input)
  console.error(`Image pipeline: the ${photo.label} is ${(bytes / MIB).toFixed(2)} MB`)

  const results: PhotoRun[] = []
  let firstOutput: string | undefined
  for (let run = 1; run <= runs; run++) {
    console.error(`Image pipeline, ${photo.label} (run ${run}/${runs})`)
    // A fresh folder each time, so every run writes the same files from nothing.
    const outputDir = await mkdtemp(path.join(workDir, 'out-'))
    results.push(await processPhoto(input, outputDir))
    if (firstOutput === undefined) firstOutput = outputDir
    else await rm(outputDir, { recursive: true, force: true })
  }
  console.error(`Image pipeline, ${photo.label}: measuring the gallery tiles`)
  const grid = await measureGridQuality(
    input,
    path.join(firstOutput!, 'media', 'gallery'),
    results[0]!.variants,
  )
  await rm(firstOutput!, { recursive: true, force: true })

  const pick = (field: (run: PhotoRun) => number) => median(results.map(field))
  return {
    id: photo.id,
    label: photo.label,
    input: { width: PHOTO.width, height: PHOTO.height, bytes, jpegQuality: PHOTO.jpegQuality },
    median: {
      ms: pick((r) => r.ms),
      cpuMs: pick((r) => r.cpuMs),
      rssBeforeBytes: pick((r) => r.rssBeforeBytes),
      peakRssBytes: pick((r) => r.peakRssBytes),
      peakRssSource: results[0]?.peakRssSource ?? 'maxRSS',
      files: pick((r) => r.files),
      outputBytes: pick((r) => r.outputBytes),
      width: pick((r) => r.width),
      height: pick((r) => r.height),
    },
    runs: results,
    grid,
  }
}

export const pipelineSection: Section = {
  id: 'pipeline',
  title: 'Image pipeline',
  async run() {
    const runs = envInt('BENCH_RUNS', 3)
    const workDir = await mkdtemp(path.join(tmpdir(), 'bench-pipeline-'))
    const removeWorkDir = onCleanup(() => rm(workDir, { recursive: true, force: true }))
    try {
      const photos: PhotoSummary[] = []
      for (const photo of TEST_PHOTOS) photos.push(await measurePhoto(photo, workDir, runs))
      const first = photos[0]!
      const summary: PipelineSummary = {
        input: first.input,
        cores: availableParallelism(),
        vipsThreads: sharp.concurrency(),
        versions: { sharp: sharp.versions.sharp ?? 'unknown', vips: sharp.versions.vips },
        median: first.median,
        runs: first.runs,
        photos,
        gridSizes: GRID_SIZES,
      }
      return { markdown: formatPipeline(summary), data: summary }
    } finally {
      await removeWorkDir()
    }
  },
}
