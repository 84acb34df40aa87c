import type SharpModule from 'sharp'

let loading: Promise<typeof SharpModule> | undefined

/**
 * sharp (libvips), loaded the first time a photo needs it rather than at
 * start: its libraries are about 27 MB of the server's memory, which a server
 * that is not being sent photos has no use for (docs/decisions/065).
 *
 * With libvips' limits for the web process, where photos arrive one at a time
 * and are never processed twice (docs/decisions/026):
 * - no operation cache: by default libvips keeps up to 50 MB of recent
 *   results (and 20 open files) in case the same image is asked for again,
 *   which for uploads it never is;
 * - one thread per image: on glibc sharp picks this already, because more
 *   threads fragment glibc's heap; set here so every platform's server has
 *   the memory figures measured there. The upload gate (two photos at a
 *   time) bounds the rest.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loading
}
