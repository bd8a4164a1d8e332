import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext } from '@playwright/test'

const execFileAsync = promisify(execFile)

/**
 * The W3C HTML checker's errors on pages of the running server, one line each ('file:line message').
 * The site's stylesheet is inlined into every page (docs/decisions/0021). It is Tailwind's
 * generated CSS, which the checker's older CSS parser misreads (@property, margin-trim, custom
 * properties in transition-property): it checks the page's own markup, as it did when the
 * stylesheet was a linked file.
 */
export async function w3cErrors(request: APIRequestContext, pagePaths: readonly string[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'))
  const files: string[] = []
  for (const pagePath of pagePaths) {
    const response = await request.get(pagePath)
    const file = path.join(dir, `${pagePath.replace(/\W+/g, '_') || 'home'}.html`)
    const html = (await response.text()).replace(/(<style data-site-stylesheet="">)[\s\S]*?(<\/style>)/, '$1$2')
    if (!html.includes('<style data-site-stylesheet=""></style>')) throw new Error(`${pagePath}: the inlined stylesheet was not found`)
    fs.writeFileSync(file, html)
    files.push(file)
  }
  const jar = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar')
  let output: string
  try {
    const result = await execFileAsync(
      'java',
      ['-Dnu.validator.servlet.allow-forbidden-hosts=true', '-jar', jar, '--stdout', '--format', 'json', '--errors-only', ...files],
      { maxBuffer: 20 * 1024 * 1024 },
    )
    output = result.stdout
  } catch (error) {
    // vnu exits non-zero when it finds errors; its report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? ''
    if (!output) throw error
  }
  fs.rmSync(dir, { recursive: true, force: true })
  const report = JSON.parse(output) as { messages: { type: string; url?: string; message: string; extract?: string; lastLine?: number }[] }
  return report.messages
    .filter((m) => m.type === 'error')
    .map((m) => `${path.basename(m.url ?? '')}:${m.lastLine ?? '?'} ${m.message} ${m.extract ?? ''}`.trim())
}
