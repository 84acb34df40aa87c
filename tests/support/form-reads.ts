/**
 * A form read as the server reads it, or a change as saved, for tests that
 * build a kitchen through its own forms: the value, or a thrown error that
 * says what was refused.
 */
export function input<T>(read: { ok: true; value: T } | { ok: false; fieldErrors: object }): T {
  if (!read.ok) throw new Error(JSON.stringify(read.fieldErrors))
  return read.value
}

export async function saved(
  change: Promise<{ ok: true; id: number } | { ok: false; error: string }>,
): Promise<number> {
  const result = await change
  if (!result.ok) throw new Error(result.error)
  return result.id
}
