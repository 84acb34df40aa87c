import sharp from 'sharp'

/**
 * libvips' limits for the web process, where photos arrive one at a time
 * and are never processed twice:
 * - no operation cache: by default libvips keeps up to 50 MB of recent
 *   results (and 20 open files) in case the same image is asked for again,
 *   which for uploads it never is;
 * - one thread per image: on glibc sharp picks this already, because more
 *   threads fragment glibc's heap; set here so every platform's server has
 *   the memory figures measured in docs/decisions/026-server-memory.md.
 *   The upload gate (two photos at a time) bounds the rest.
 */
export function limitImageMemory(): void {
  sharp.cache(false)
  sharp.concurrency(1)
}
