import { and, asc, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bookingQuestions } from '../db/schema.ts'
import {
  answerMessages,
  assignOptionIds,
  checkAnswers,
  guestQuestion,
  readAnswers,
  snapshotAnswers,
  type AnswerSnapshot,
  type BookingQuestion,
  type GuestQuestion,
  type QuestionType,
} from '../../core/booking-questions.ts'
import type { BookingQuestionEdit } from '../../core/schemas/booking-question.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import { ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'

const QUESTION_NOT_FOUND_MESSAGE = refusal('adminErrors.questionNotFound')
const QUESTION_ARCHIVED_MESSAGE = refusal('adminErrors.questionArchived')

type Row = typeof bookingQuestions.$inferSelect

const toQuestion = (r: Row): BookingQuestion => ({
  id: r.id,
  key: r.key,
  type: r.type as QuestionType,
  required: r.required,
  label: r.label,
  help: r.help,
  translations: r.translations,
  options: r.options,
  min: r.min,
  max: r.max,
  position: r.position,
  archived: r.archivedAt !== null,
})

/**
 * The guide's booking questions (docs/decisions/0053): what the booking form
 * asks, the check of a request's answers that every way of booking goes through, and the
 * guide's edits in Settings. Questions are archived, never deleted.
 */
export function createBookingQuestionService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps

  const active = async (): Promise<BookingQuestion[]> =>
    (await db.select().from(bookingQuestions).where(isNull(bookingQuestions.archivedAt)).orderBy(asc(bookingQuestions.position), asc(bookingQuestions.id))).map(toQuestion)

  async function one(id: number): Promise<Row> {
    const [row] = await db.select().from(bookingQuestions).where(eq(bookingQuestions.id, id))
    if (!row) throw new ServiceError('not-found', QUESTION_NOT_FOUND_MESSAGE)
    return row
  }

  const nextPosition = sql<number>`coalesce((select max(${bookingQuestions.position}) from ${bookingQuestions}), 0) + 1`

  return {
    /** Every question for Settings: the asked ones in order, then the archived ones. */
    async all(): Promise<BookingQuestion[]> {
      const rows = await db
        .select()
        .from(bookingQuestions)
        .orderBy(sql`${bookingQuestions.archivedAt} is not null`, asc(bookingQuestions.position), asc(bookingQuestions.id))
      return rows.map(toQuestion)
    },

    active,

    /** The questions of the booking form, in the guest's language. */
    async forGuests(locale: Locale): Promise<GuestQuestion[]> {
      return (await active()).map((q) => guestQuestion(q, locale))
    },

    /**
     * The answers of a booking request (JSON `answers`, or the form's `answer.<id>` fields)
     * checked against the questions asked now, as the booking will keep them; or a ServiceError
     * 'invalid' naming the first question in trouble, with a message per form field. `refused`,
     * the fixed fields' refusal, is thrown with the answers' messages added after its own.
     */
    async answersOf(body: Record<string, unknown>, locale: Locale, refused?: ServiceError): Promise<AnswerSnapshot[]> {
      const read = readAnswers(body)
      if ('error' in read) throw new ServiceError('invalid', refused?.message ?? read.error, { errors: { ...refused?.errors, answers: read.error } })
      const questions = await active()
      const guest = questions.map((q) => guestQuestion(q, locale))
      const answeredRetired = Object.keys(read.raw).some((key) => !questions.some((q) => key === String(q.id) || key === `${q.id}.detail`))
      const retired = answeredRetired
        ? (await db.select().from(bookingQuestions).where(isNotNull(bookingQuestions.archivedAt))).map((r) => ({ id: r.id, label: guestQuestion(toQuestion(r), locale).label }))
        : []
      const { answers, errors } = checkAnswers(guest, read.raw, retired)
      const first = Object.values(errors)[0]
      if (refused) throw first ? new ServiceError('invalid', refused.message, { errors: { ...refused.errors, ...errors } }) : refused
      if (first) throw new ServiceError('invalid', first, { errors })
      return snapshotAnswers(questions, answers, locale)
    },

    async create(edit: BookingQuestionEdit): Promise<BookingQuestion> {
      const [row] = await db
        .insert(bookingQuestions)
        .values({ ...edit, options: assignOptionIds(edit.options), position: nextPosition, createdAt: now(), updatedAt: now() })
        .returning()
      return toQuestion(row!)
    },

    /** A new text, type or options: bookings made before keep what they were asked (their snapshot). */
    async update(id: number, edit: BookingQuestionEdit): Promise<BookingQuestion> {
      const current = await one(id)
      if (current.archivedAt) throw new ServiceError('conflict', QUESTION_ARCHIVED_MESSAGE)
      const [row] = await db
        .update(bookingQuestions)
        .set({ ...edit, options: assignOptionIds(edit.options, current.options), updatedAt: now() })
        .where(eq(bookingQuestions.id, id))
        .returning()
      return toQuestion(row!)
    },

    /** One place up or down among the asked questions (a swap with the neighbour, in one transaction). */
    async move(id: number, direction: 'up' | 'down'): Promise<BookingQuestion[]> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(bookingQuestions).where(eq(bookingQuestions.id, id)).for('update')
        if (!current) throw new ServiceError('not-found', QUESTION_NOT_FOUND_MESSAGE)
        if (current.archivedAt) throw new ServiceError('conflict', QUESTION_ARCHIVED_MESSAGE)
        const [neighbour] = await tx
          .select()
          .from(bookingQuestions)
          .where(
            and(
              isNull(bookingQuestions.archivedAt),
              direction === 'up' ? lt(bookingQuestions.position, current.position) : gt(bookingQuestions.position, current.position),
            ),
          )
          .orderBy(direction === 'up' ? desc(bookingQuestions.position) : asc(bookingQuestions.position))
          .limit(1)
          .for('update')
        // Already first (or last): nothing to do.
        if (!neighbour) return
        await tx.update(bookingQuestions).set({ position: neighbour.position, updatedAt: now() }).where(eq(bookingQuestions.id, current.id))
        await tx.update(bookingQuestions).set({ position: current.position, updatedAt: now() }).where(eq(bookingQuestions.id, neighbour.id))
      })
      return this.all()
    },

    /** No longer asked; an answer to it is refused from now on. Bookings keep theirs. */
    async archive(id: number): Promise<BookingQuestion> {
      await one(id)
      const [row] = await db.update(bookingQuestions).set({ archivedAt: now(), updatedAt: now() }).where(eq(bookingQuestions.id, id)).returning()
      return toQuestion(row!)
    },

    /** Asked again, last on the form. */
    async restore(id: number): Promise<BookingQuestion> {
      const current = await one(id)
      if (!current.archivedAt) return toQuestion(current)
      const [row] = await db.update(bookingQuestions).set({ archivedAt: null, position: nextPosition, updatedAt: now() }).where(eq(bookingQuestions.id, id)).returning()
      return toQuestion(row!)
    },
  }
}

export type BookingQuestionService = ReturnType<typeof createBookingQuestionService>

export { answerMessages }
