/**
 * `npm test`: everything, in the order that fails fastest — type check, import check
 * (.dependency-cruiser.cjs: no cycles, imports point one way), unit tests,
 * integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), production
 * build, browser journeys in Chromium. Prints one closing line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { missingBrowserPrerequisites } from './browser-prerequisites.ts'

type Counts = { passed: number; failed: number; skipped: number }
const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-test-reports-'))
const onlyFast = process.argv.includes('--no-browser')

/** Each part's time and the machine's load as it ended, printed again at the end: the suite must fit its machine. */
const times: string[] = []
/**
 * Each failed test's name and the first lines of why, printed again at the very end: a CI log is
 * often read from its tail alone, and a failure far above it would be lost.
 */
const failures: string[] = []
const why = (messages: string[] = []) => (messages.join('\n').replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n').slice(0, 6).map((l) => `      ${l}`).join('\n'))

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${title} ━━  ${command} ${args.join(' ')}`)
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = (performance.now() - started) / 1000
  times.push(`${title} (${args[2] ?? command}): ${seconds.toFixed(0)} s, load ${os.loadavg()[0]!.toFixed(1)}`)
  return result.status === 0
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[]
}

function addVitest(file: string) {
  if (!fs.existsSync(file)) return
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestReport
  total.passed += report.numPassedTests
  total.failed += report.numFailedTests
  total.skipped += report.numPendingTests + report.numTodoTests
  for (const result of report.testResults) {
    const where = path.relative(process.cwd(), result.name)
    for (const test of result.assertionResults) if (test.status === 'failed') failures.push(`  ${where} › ${test.fullName}\n${why(test.failureMessages)}`)
    // A file that failed before its tests ran (an import, a hook) has a message and no failed test.
    if (result.message && !result.assertionResults.some((t) => t.status === 'failed')) failures.push(`  ${where}\n${why([result.message])}`)
  }
}

type PlaywrightSuite = { title: string; suites?: PlaywrightSuite[]; specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[] }

function addPlaywright(file: string) {
  if (!fs.existsSync(file)) return
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; skipped: number; flaky: number }; suites: PlaywrightSuite[] }
  total.passed += report.stats.expected + report.stats.flaky
  total.failed += report.stats.unexpected
  total.skipped += report.stats.skipped
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') failures.push(`  ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n${why(test.results.map((r) => r.error?.message ?? ''))}`)
      }
    }
    for (const inner of suite.suites ?? []) visit(inner, [...titles, inner.title])
  }
  // The outer suites are the files, named already by each spec's place.
  for (const suite of report.suites) visit(suite, [])
}

if (!onlyFast) {
  const missing = missingBrowserPrerequisites()
  if (missing) {
    console.error(missing)
    process.exit(1)
  }
}

const steps: boolean[] = []
const typecheck = run('type check', 'npx', ['--no', '--', 'react-router', 'typegen']) && run('type check', 'npx', ['--no', '--', 'tsc', '--noEmit'])
steps.push(typecheck)
if (!typecheck) total.failed += 1
const imports = run('import check', 'npx', ['--no', '--', 'depcruise', 'app', 'server', 'core', '--config', '.dependency-cruiser.cjs'])
steps.push(imports)
if (!imports) total.failed += 1

for (const project of ['unit', 'integration']) {
  const out = path.join(reports, `${project}.json`)
  const ok = run(`${project} tests`, 'npx', ['--no', '--', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  steps.push(ok)
  addVitest(out)
  if (!ok && !fs.existsSync(out)) total.failed += 1
}

if (!onlyFast) {
  const built = run('production build', 'npx', ['--no', '--', 'react-router', 'build'])
  steps.push(built)
  if (built) {
    const out = path.join(reports, 'e2e.json')
    const ok = run('browser tests (Chromium)', 'npx', ['--no', '--', 'playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out })
    steps.push(ok)
    addPlaywright(out)
    if (!ok && !fs.existsSync(out)) total.failed += 1
  } else {
    total.failed += 1
  }
}

const allOk = steps.every(Boolean)
console.log(`\nTime per part on ${os.cpus().length} cores:\n  ${times.join('\n  ')}`)
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`)
console.log(`\n${allOk ? 'All checks passed.' : 'Some checks FAILED.'}`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(allOk ? 0 : 1)
