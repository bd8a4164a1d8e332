import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { CHROMIUM_PATH } from './chromium.ts'

/** What the browser stage needs that npm does not install: Debian's Chromium headless shell and a Java runtime (the W3C HTML checker). */
export type Probes = { chromiumAt: (path: string) => boolean; javaRuns: () => boolean }

const machine: Probes = {
  chromiumAt: (path) => fs.existsSync(path),
  javaRuns: () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0,
}

/**
 * One line saying what is missing and how to get it, or null when nothing is. `npm test` asks
 * before its first stage, so a fresh machine does not spend the unit and integration stages
 * to fail at the browser's launch.
 */
export function missingBrowserPrerequisites(probes: Probes = machine): string | null {
  const missing = [...(probes.chromiumAt(CHROMIUM_PATH) ? [] : [`Chromium's headless shell at ${CHROMIUM_PATH}`]), ...(probes.javaRuns() ? [] : ['a Java runtime'])]
  if (missing.length === 0) return null
  return `The browser tests need ${missing.join(' and ')}: run \`apt-get install chromium-headless-shell default-jre-headless\` (see README) or .ci/run, which installs them; or \`npm test -- --no-browser\`.`
}
