/** How long a page waits for what only dresses it (the guide's photos and words) before it shows the site's own. */
const DEADLINE_MS = 1500

/**
 * A database read that dresses a page but must never hold it up (docs/decisions/0048): if the
 * database is slow or down, the page shows `fallback` (its illustrations, the site's own text),
 * as it did before the guide changed anything. The About, Explore and Tokyo pages need nothing
 * else from the database, so they keep working through an outage.
 */
export async function readOrFallback<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), DEADLINE_MS)
  })
  try {
    return await Promise.race([read(), deadline])
  } catch {
    return fallback
  } finally {
    clearTimeout(timer)
  }
}
