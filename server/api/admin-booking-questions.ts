import { Router } from 'express'
import { bookingQuestionInputSchema, moveQuestionSchema } from '../../core/schemas/booking-question.ts'
import { requireAdmin } from '../auth/guard.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'

/**
 * The guide's booking questions in Settings (docs/decisions/0053): admin only, and like every
 * mutating request, same-origin (the app's guard). Bodies are checked by the shared schema.
 */
export function adminBookingQuestionsRouter({ services }: AppDeps) {
  const router = Router()
  const questions = services.bookingQuestions

  router.get('/admin/booking-questions', requireAdmin, async (_req, res) => {
    res.json({ questions: await questions.all() })
  })

  router.post('/admin/booking-questions', requireAdmin, async (req, res) => {
    res.status(201).json(await questions.create(bookingQuestionInputSchema.parse(req.body ?? {})))
  })

  router.put('/admin/booking-questions/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    res.json(await questions.update(id, bookingQuestionInputSchema.parse(req.body ?? {})))
  })

  router.post('/admin/booking-questions/:id/move', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    res.json({ questions: await questions.move(id, moveQuestionSchema.parse(req.body ?? {}).direction) })
  })

  router.post('/admin/booking-questions/:id/archive', requireAdmin, async (req, res) => {
    res.json(await questions.archive(parseId(req.params.id)))
  })

  router.post('/admin/booking-questions/:id/restore', requireAdmin, async (req, res) => {
    res.json(await questions.restore(parseId(req.params.id)))
  })

  return router
}
