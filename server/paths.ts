import fs from 'node:fs'
import path from 'node:path'

/**
 * The project folder: the nearest folder above this module that holds package.json. Found
 * rather than counted in "../" because production runs this code compiled into one file,
 * `<build>/node/main.js` (docs/decisions/0036), at another depth than `server/`.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: the server must run inside the project folder`)
  }
}

export const ROOT_DIR = projectRoot(import.meta.dirname)

/** The committed SQL migrations, applied at start-up on either engine. */
export const MIGRATIONS_FOLDER = path.join(ROOT_DIR, 'drizzle')

/** The production build: BUILD_DIR (inside the project, relative to it) or ./build. */
export const BUILD_DIR = path.resolve(ROOT_DIR, process.env.BUILD_DIR ?? 'build')

/** The server compiled for production by the build (scripts/compile-server.ts): `npm run serve` runs it. */
export const PRODUCTION_ENTRY = path.join(BUILD_DIR, 'node/main.js')
