/**
 * Web performance benchmark of the public site (docs/decisions/0021).
 *
 *   node --import tsx scripts/bench-web.ts [--skip-build] [--runs N] [--verbose] [--json DIR]
 *                                          [--throttling simulate|devtools|cpu] [--photos] [--reviews] [/path ...]
 *
 * Builds the app (npm run build), starts the production server on a free port with a
 * fresh data folder, runs Lighthouse (mobile form factor, simulated throttling) on each
 * page, prints the four category scores, FCP, LCP, CLS, TBT, time to interactive and the
 * JavaScript, CSS and HTML each page loads, then stops the server and Chromium. With --runs N each page is measured N
 * times and the median run (by performance score) is reported. With --json DIR each
 * Lighthouse report is written there as JSON (LCP element, LCP breakdown, network timeline).
 * BUILD_DIR (default ./build) is honoured by the build, the server and the prerendered pages.
 * --throttling devtools loads the page through Chrome's own network and CPU throttling with
 * the same mobile settings instead of Lighthouse's simulation (slower, for a cross-check;
 * the goals are set in the default, simulated figures). --throttling cpu applies only the
 * 4x CPU slowdown, no network throttling: a mid-range phone on fast Wi-Fi, where the
 * scripts arrive before the first paint if the page lets them.
 *
 * --lcp-graph prints, for each page's median run, what Lantern (the simulation) put on the way to the
 * largest paint: its optimistic and pessimistic estimates and every request and main-thread task in
 * each graph with its simulated start and end (how decision 0066 found what held LCP back).
 *
 * --reviews adds twenty approved reviews first, labelled as benchmark data (scripts/bench-reviews.ts).
 * --photos puts a photo in every place of the site first (scripts/bench-photos.ts), as the guide
 * will: the pages with the guide's pictures instead of the illustrations. "img" is the pictures
 * Lighthouse's phone loaded; "1st screen 375" the pictures that show on the first screen of a
 * 375 × 667 px phone at 2x, measured apart in Chromium (the goal: at most 150 KB).
 *
 * Bytes: "transfer" is what went over the wire (compressed only if the server compresses);
 * "gzip" is each file gzipped here at level 6, the figure the budget is set in, so the
 * table means the same with or without compression in front of the server.
 *
 * Goals: every category >= 95, LCP < 1.5 s, CLS < 0.02, home-page JS < 120 KB gzip.
 * Exit code 0 when the run completed (budgets are reported, not enforced), 1 on failure.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { chromium as playwrightChromium } from '@playwright/test'
import { placeBenchPhotos } from './bench-photos.ts'
import { addBenchReviews } from './bench-reviews.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH, FULL_CHROMIUM_PATH } from './chromium.ts'
import { BENCH_ENV, freePort, startProductionServer } from './production-server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const BUDGET = { score: 95, lcpMs: 1500, cls: 0.02, homeJsKb: 120 }

const args = process.argv.slice(2)
const skipBuild = args.includes('--skip-build')
const withPhotos = args.includes('--photos')
const withReviews = args.includes('--reviews')
const verbose = args.includes('--verbose')
const withLcpGraph = args.includes('--lcp-graph')
const runsIndex = args.indexOf('--runs')
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1] ?? 1)) : 1
const throttlingIndex = args.indexOf('--throttling')
const throttlingArg = throttlingIndex >= 0 ? args[throttlingIndex + 1] : 'simulate'
if (throttlingArg !== 'simulate' && throttlingArg !== 'devtools' && throttlingArg !== 'cpu') throw new Error('--throttling is simulate, devtools or cpu')
const throttlingMode: 'simulate' | 'devtools' | 'cpu' = throttlingArg
const THROTTLING = {
  simulate: { throttlingMethod: 'simulate', label: 'simulated throttling' },
  devtools: { throttlingMethod: 'devtools', label: 'DevTools (applied) throttling' },
  cpu: {
    throttlingMethod: 'devtools',
    label: 'DevTools (applied) 4x CPU slowdown, no network throttling',
    throttling: { rttMs: 0, throughputKbps: 0, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0, cpuSlowdownMultiplier: 4 },
  },
} as const
const throttling = THROTTLING[throttlingMode]
const jsonIndex = args.indexOf('--json')
const jsonDir = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined
const paths = args.filter((a, i) => a.startsWith('/') && !['--runs', '--json', '--throttling'].includes(args[i - 1] ?? ''))
const PAGES = paths.length > 0 ? paths : ['/', '/packages', '/explore', '/booking', '/contact']

type Row = {
  path: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  ttiMs: number
  jsTransfer: number
  jsGzip: number
  cssTransfer: number
  cssGzip: number
  /** The page's HTML, which carries the stylesheet inline (decision 0021). */
  htmlGzip: number
  /** Every picture Lighthouse's phone loaded. */
  imageTransfer: number
  /** The pictures on the first screen of a 375 px phone (firstScreenImages). */
  firstScreenImages: number
  requests: number
  /** Lighthouse's measure of this machine's speed: its simulated phone's figures (TBT above all) depend on it. */
  benchmarkIndex: number
  /** Audits that cost points (shown with --verbose). */
  failing: string[]
  /** Lantern's LCP graphs, one line per node (--lcp-graph). */
  lcpGraph: string[]
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; statusCode?: number }

const gzipCache = new Map<string, number>()
async function gzipSize(url: string): Promise<number> {
  const cached = gzipCache.get(url)
  if (cached !== undefined) return cached
  const res = await fetch(url)
  const size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 6 }).length
  gzipCache.set(url, size)
  return size
}

async function measure(url: string, port: number, pagePath: string, run: number): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Lighthouse's defaults: mobile form factor and screen, simulated (Lantern) throttling.
    formFactor: 'mobile',
    throttlingMethod: throttling.throttlingMethod,
    ...('throttling' in throttling ? { throttling: throttling.throttling } : {}),
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  if (jsonDir) {
    fs.mkdirSync(jsonDir, { recursive: true })
    const name = `${pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '_')}-${run + 1}.json`
    fs.writeFileSync(path.join(jsonDir, name), JSON.stringify(lhr))
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((item) =>
    item.url.startsWith(new URL(url).origin),
  )
  const sum = async (type: string) => {
    let transfer = 0
    let gzip = 0
    for (const item of items.filter((i) => i.resourceType === type)) {
      transfer += item.transferSize ?? 0
      gzip += await gzipSize(item.url)
    }
    return { transfer, gzip }
  }
  const failing: string[] = []
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${category.id}/${ref.id} ${audit.score.toFixed(2)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      }
    }
  }
  const lcpGraph = withLcpGraph ? await lanternLcpGraph(result.artifacts as unknown as Record<string, unknown>, lhr) : []
  const js = await sum('Script')
  const css = await sum('Stylesheet')
  const html = await sum('Document')
  const images = await sum('Image')
  return {
    path: pagePath,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    ttiMs: numeric('interactive'),
    jsTransfer: js.transfer,
    jsGzip: js.gzip,
    cssTransfer: css.transfer,
    cssGzip: css.gzip,
    htmlGzip: html.gzip,
    imageTransfer: images.transfer,
    firstScreenImages: 0,
    requests: items.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
    lcpGraph,
  }
}

type TraceEvent = { name: string; ts: number }
type LanternNode = { type: 'network' | 'cpu'; startTime: number; duration: number; request?: { url: string; priority: string; transferSize: number } }
type LanternEstimate = { timeInMs: number; nodeTimings: Map<LanternNode, { startTime: number; endTime: number }> }

/**
 * Lantern's LCP taken apart, from the run's own trace and network log: the optimistic and the
 * pessimistic graph (Lighthouse reports their mean) with each node's simulated start and end,
 * and for a main-thread task its duration as observed and when it began after navigation.
 */
async function lanternLcpGraph(artifacts: Record<string, unknown>, lhr: { configSettings: unknown }): Promise<string[]> {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
    simulator: null,
  }
  const lcp = (await LanternLargestContentfulPaint.request(data as never, { computedCache: new Map() } as never)) as unknown as {
    optimisticEstimate: LanternEstimate
    pessimisticEstimate: LanternEstimate
  }
  const navigationStart = ((artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents.find((e) => e.name === 'navigationStart')?.ts ?? 0) / 1000
  const lines: string[] = []
  for (const [name, estimate] of [['optimistic', lcp.optimisticEstimate], ['pessimistic', lcp.pessimisticEstimate]] as const) {
    lines.push(`${name}: ${Math.round(estimate.timeInMs)} ms`)
    const nodes = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)
    for (const [node, t] of nodes) {
      const what = node.request
        ? `${new URL(node.request.url).pathname.slice(-60)} (${node.request.priority}, ${kb(node.request.transferSize)})`
        : `main-thread task of ${(node.duration / 1000).toFixed(1)} ms, begun ${Math.round(node.startTime / 1000 - navigationStart)} ms after navigation`
      lines.push(`  ${String(Math.round(t.startTime)).padStart(5)} → ${String(Math.round(t.endTime)).padStart(5)} ms  ${what}`)
    }
  }
  return lines
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): try that page again. */
async function measureWithRetry(url: string, port: number, pagePath: string, run: number): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port, pagePath, run)
    } catch (error) {
      if (attempt >= 3) throw error
      console.log(`  ${error instanceof Error ? error.message : String(error)}: trying again`)
    }
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * The bytes of the pictures a visitor sees on the first screen of a 375 × 667 px phone at 2x:
 * every visible image whose box reaches into that screen, by what its chosen source weighed on the wire.
 * Lazy pictures further down are not counted, even if the browser fetched them early.
 */
async function firstScreenImageBytes(browser: import('@playwright/test').Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    return await page.evaluate(() => {
      const sizes = new Map((performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [e.name, e.encodedBodySize]))
      const seen = new Set<string>()
      let total = 0
      for (const img of document.querySelectorAll('img')) {
        const box = img.getBoundingClientRect()
        // A carousel's hidden slides share the first slide's box but are not seen (visibility: hidden, opacity 0).
        const hidden = !img.checkVisibility({ visibilityProperty: true, opacityProperty: true })
        if (hidden || box.bottom <= 0 || box.top >= window.innerHeight || box.width === 0 || !img.currentSrc || seen.has(img.currentSrc)) continue
        seen.add(img.currentSrc)
        total += sizes.get(img.currentSrc) ?? 0
      }
      return total
    })
  } finally {
    await context.close()
  }
}

function printTable(rows: Row[]) {
  const header = [
    'page',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP',
    'LCP',
    'CLS',
    'TBT',
    'TTI',
    'JS gzip',
    'JS transfer',
    'CSS gzip',
    'CSS transfer',
    'HTML gzip',
    'img',
    '1st screen 375',
    'requests',
  ]
  const body = rows.map((r) => [
    r.path,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    `${(r.fcpMs / 1000).toFixed(2)} s`,
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    r.cls.toFixed(3),
    `${Math.round(r.tbtMs)} ms`,
    `${(r.ttiMs / 1000).toFixed(2)} s`,
    kb(r.jsGzip),
    kb(r.jsTransfer),
    kb(r.cssGzip),
    kb(r.cssTransfer),
    kb(r.htmlGzip),
    kb(r.imageTransfer),
    kb(r.firstScreenImages),
    String(r.requests),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of body) console.log(line(row))
}

function checkBudgets(rows: Row[]): string[] {
  const misses: string[] = []
  for (const r of rows) {
    for (const [name, value] of [
      ['performance', r.performance],
      ['accessibility', r.accessibility],
      ['best-practices', r.bestPractices],
      ['seo', r.seo],
    ] as const) {
      if (value < BUDGET.score) misses.push(`${r.path}: ${name} ${value} < ${BUDGET.score}`)
    }
    if (r.lcpMs >= BUDGET.lcpMs) misses.push(`${r.path}: LCP ${(r.lcpMs / 1000).toFixed(2)} s >= ${BUDGET.lcpMs / 1000} s`)
    if (r.cls >= BUDGET.cls) misses.push(`${r.path}: CLS ${r.cls.toFixed(3)} >= ${BUDGET.cls}`)
    if (r.path === '/' && r.jsGzip >= BUDGET.homeJsKb * 1024) misses.push(`/: JS ${kb(r.jsGzip)} gzip >= ${BUDGET.homeJsKb} KB`)
  }
  return misses
}

async function main() {
  for (const [browser, variable] of [[FULL_CHROMIUM_PATH, 'FULL_CHROME_PATH'], [CHROMIUM_PATH, 'CHROME_PATH']] as const) {
    if (!fs.existsSync(browser)) throw new Error(`Chromium not found at ${browser} (set ${variable})`)
  }
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // BASE_URL at build time too: the prerendered pages carry canonical URLs.
  const env = { ...process.env, NODE_ENV: 'production', BASE_URL: baseUrl }

  if (!skipBuild) {
    console.log('Building (npm run build)…')
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
  }

  console.log(`Starting the production server on ${baseUrl}…`)
  const server = await startProductionServer({ name: 'bench-web', port, env: BENCH_ENV })
  let chrome: chromeLauncher.LaunchedChrome | undefined
  const stop = async () => {
    if (chrome) {
      try {
        await chrome.kill()
      } catch {
        // already gone
      }
    }
    await server.stop()
  }
  process.once('SIGINT', () => void stop().then(() => process.exit(130)))

  try {
    chrome = await chromeLauncher.launch({ chromePath: FULL_CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
    if (withReviews) await addBenchReviews(baseUrl, { username: 'admin', password: BENCH_ENV.ADMIN_PASSWORD })
    if (withPhotos) await placeBenchPhotos(baseUrl, { username: 'admin', password: BENCH_ENV.ADMIN_PASSWORD }, PAGES)
    // One warm-up request per page, so the first measurement does not pay for cold server caches.
    for (const p of PAGES) await fetch(baseUrl + p)
    const phone = await playwrightChromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const firstScreens = new Map<string, number>()
    try {
      for (const p of PAGES) firstScreens.set(p, await firstScreenImageBytes(phone, baseUrl + p))
    } finally {
      await phone.close()
    }

    const rows: Row[] = []
    for (const p of PAGES) {
      const results: Row[] = []
      for (let i = 0; i < runs; i++) {
        process.stdout.write(`Lighthouse ${p} (run ${i + 1}/${runs})…\n`)
        results.push(await measureWithRetry(baseUrl + p, chrome.port, p, i))
      }
      results.sort((a, b) => a.performance - b.performance)
      rows.push({ ...(results[Math.floor(results.length / 2)] as Row), firstScreenImages: firstScreens.get(p) ?? 0 })
    }

    console.log(`\nLighthouse ${'12.x'}, mobile, ${throttling.label}, ${runs} run(s) per page (median shown)${withPhotos ? ', a photo in every place' : ''}${withReviews ? ', 20 approved reviews' : ''}\n`)
    printTable(rows)
    console.log(`\nThis machine's Lighthouse benchmarkIndex: ${rows.map((r) => Math.round(r.benchmarkIndex)).join(', ')} (the simulated phone's TBT grows as it falls)`)
    if (verbose) {
      for (const r of rows) console.log(`\n${r.path} audits below 1:\n  ${r.failing.join('\n  ') || '(none)'}`)
    }
    if (withLcpGraph) {
      for (const r of rows) console.log(`\n${r.path}: Lantern's LCP graphs (simulated ms)\n  ${r.lcpGraph.join('\n  ')}`)
    }
    const misses = checkBudgets(rows)
    console.log(misses.length === 0 ? '\nAll budgets met.' : `\nBudgets missed:\n  ${misses.join('\n  ')}`)
  } finally {
    await stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
