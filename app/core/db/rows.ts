/** The rows of a raw SQL answer: node-postgres answers `{ rows }`, PGlite too; some drivers answer the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
