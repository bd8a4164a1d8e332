/** Public paths rendered to static HTML at build time (no database in their loaders). */
export const PRERENDERED_PATHS = ['/about', '/explore', '/how-it-works', '/tokyo-2h-joetsu-day-trip']
