import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The README is read in a fresh clone: every file or folder it names must be in the
 * repository (it once pointed to `../shared/spec.md`, which only the authors had).
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
/** What `npm run dev` creates on its first start (the default DATA_DIR), named so a reader knows where to look. */
const CREATED_AT_RUN_TIME = new Set(['./data', './data/outbox'])

/** Paths the README names: markdown link targets, backticked paths and bare `*.md` mentions. */
function namedPaths(markdown: string): string[] {
  const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^([a-z]+:|#)/.test(t))
  const ticked = [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((t) => /^(\.\.?\/|(app|server|core|tests|docs|drizzle|scripts|public|\.ci)\/|\.env\.example$)/.test(t))
  const markdownFiles = [...markdown.matchAll(/(?:^|[\s(`])((?:\.\.?\/)?[\w./-]+\.md)\b/g)].map((m) => m[1]!)
  return [...new Set([...links, ...ticked, ...markdownFiles])].map((p) => p.replace(/#.*$/, ''))
}

describe('README.md', () => {
  const paths = namedPaths(README)

  it('names some paths (the check reads it)', () => {
    expect(paths).toEqual(expect.arrayContaining(['docs/deploy.md', '.env.example', 'server/db/schema.ts']))
  })

  it('names only files and folders the repository holds', () => {
    const outside = paths.filter((p) => !path.resolve(ROOT, p).startsWith(ROOT + path.sep))
    const missing = paths.filter((p) => !CREATED_AT_RUN_TIME.has(p) && !fs.existsSync(path.resolve(ROOT, p)))
    expect({ outside, missing }).toEqual({ outside: [], missing: [] })
  })
})
