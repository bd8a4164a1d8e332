import type { Logger } from './logger.ts'
import { loggableError } from './http/errors.ts'

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> }

/**
 * Periodic background work (expiring holds, sending mail, reminders, retention). Every
 * job must be safe to run on several instances at once: correctness comes from the
 * database (conditional updates, unique keys), never from this being the only runner.
 * A run never overlaps itself; stop() waits for runs in progress.
 */
export function startJobs(jobs: Job[], logger: Logger) {
  const running = new Set<Promise<unknown>>()
  const timers = jobs.map((job) => {
    let busy = false
    const tick = () => {
      if (busy) return
      busy = true
      const run = job
        .run()
        .catch((error) => logger.error({ error: loggableError(error), job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false
          running.delete(run)
        })
      running.add(run)
    }
    const timer = setInterval(tick, job.everyMs)
    timer.unref()
    setTimeout(tick, 1000).unref()
    return timer
  })
  return {
    async stop() {
      timers.forEach(clearInterval)
      await Promise.allSettled([...running])
    },
  }
}
