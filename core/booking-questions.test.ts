import { describe, expect, it } from 'vitest'
import {
  answerText,
  assignOptionIds,
  checkAnswers,
  guestQuestion,
  readAnswers,
  snapshotAnswers,
  type BookingQuestion,
  type QuestionType,
} from './booking-questions.ts'
import { bookingQuestionInputSchema } from './schemas/booking-question.ts'
import { englishOfEach } from './i18n/refusal-english.test-support.ts'

const question = (id: number, type: QuestionType, extra: Partial<BookingQuestion> = {}): BookingQuestion => ({
  id,
  key: null,
  type,
  required: false,
  label: `Q${id}`,
  help: '',
  translations: {},
  options: [],
  min: null,
  max: null,
  position: id,
  archived: false,
  ...extra,
})

const dietary = question(1, 'one-choice', {
  label: 'Dietary needs',
  translations: { ja: { label: '食事の制限' } },
  options: [
    { id: 'none', label: 'None', translations: { ja: '特になし' }, describe: false },
    { id: 'allergies', label: 'Allergies', translations: { ja: 'アレルギー' }, describe: true },
  ],
})
const several = question(2, 'several-choices', {
  label: 'Interests',
  options: [
    { id: 'a', label: 'Castles', translations: {}, describe: false },
    { id: 'b', label: 'Sake', translations: {}, describe: false },
  ],
})
const count = question(3, 'number', { label: 'Children', required: true, min: 0, max: 6 })
const yesNo = question(4, 'yes-no', { label: 'First visit?' })
const short = question(5, 'short-text', { label: 'Arrival' })
const long = question(6, 'long-text', { label: 'Access' })
const ALL = [dietary, several, count, yesNo, short, long]
const guest = ALL.map((q) => guestQuestion(q, 'en'))
/** The answers checked, with the refusals in English (as the JSON API answers them). */
const check = (raw: Record<string, unknown>, retired: { id: number; label: string }[] = []) => {
  const checked = checkAnswers(guest, { 3: '1', ...raw }, retired)
  return { ...checked, errors: englishOfEach(checked.errors) }
}

describe('checkAnswers', () => {
  it('accepts a good answer of every type, normalised', () => {
    const { answers, errors } = check({ 1: 'allergies', '1.detail': ' Nuts ', 2: ['b', 'a', 'b'], 3: ' 2 ', 4: 'no', 5: ' Shinkansen 10:12 ', 6: 'Line one\r\nLine two\tend' })
    expect(errors).toEqual({})
    expect(answers).toEqual([
      { questionId: 1, value: 'allergies', detail: 'Nuts' },
      { questionId: 2, value: ['a', 'b'] },
      { questionId: 3, value: 2 },
      { questionId: 4, value: false },
      { questionId: 5, value: 'Shinkansen 10:12' },
      { questionId: 6, value: 'Line one\nLine two\tend' },
    ])
    expect(check({ 4: true, 3: 0 }).answers.map((a) => a.value)).toEqual([0, true])
  })

  it('needs a required question answered and lets an optional one be blank', () => {
    expect(englishOfEach(checkAnswers(guest, {}).errors)).toEqual({ 'answer.3': 'Please answer "Children"' })
    expect(englishOfEach(checkAnswers(guest, { 3: '   ' }).errors)).toEqual({ 'answer.3': 'Please answer "Children"' })
    expect(check({ 1: '', 2: [], 5: null, 6: '  ' })).toEqual({ answers: [{ questionId: 3, value: 1 }], errors: {} })
  })

  it.each([
    [{ 3: '1.5' }, 'answer.3', '"Children" must be a whole number'],
    [{ 3: 2.5 }, 'answer.3', '"Children" must be a whole number'],
    [{ 3: '0x10' }, 'answer.3', '"Children" must be a whole number'],
    [{ 3: '7' }, 'answer.3', '"Children" must be at most 6'],
    [{ 3: -1 }, 'answer.3', '"Children" must be at least 0'],
    [{ 1: 'pizza' }, 'answer.1', '"Dietary needs": please choose one of the options'],
    [{ 1: ['none', 'allergies'] }, 'answer.1', '"Dietary needs": please choose one of the options'],
    [{ 2: ['a', 'z'] }, 'answer.2', '"Interests": please choose one of the options'],
    [{ 2: [1] }, 'answer.2', '"Interests": please choose one of the options'],
    [{ 1: 'allergies' }, 'answer.1.detail', 'Please describe your answer to "Dietary needs"'],
    [{ 1: 'allergies', '1.detail': 'Nuts\nand more' }, 'answer.1.detail', 'Your answer to "Dietary needs" must be on one line'],
    [{ 4: 'maybe' }, 'answer.4', '"First visit?": please answer yes or no'],
    [{ 5: 'a\nb' }, 'answer.5', 'Your answer to "Arrival" must be on one line'],
    [{ 5: 'x'.repeat(201) }, 'answer.5', 'Your answer to "Arrival" must be at most 200 characters'],
    [{ 5: 42 }, 'answer.5', 'Your answer to "Arrival" must be text'],
    [{ 6: 'x'.repeat(2001) }, 'answer.6', 'Your answer to "Access" must be at most 2000 characters'],
    [{ 6: 'bell\u0007' }, 'answer.6', 'Your answer to "Access" may not contain control characters other than line breaks and tabs'],
    [{ 99: 'hello' }, 'answer.99', 'There is no booking question "99"'],
    [{ nonsense: 'x' }, 'answer.nonsense', 'There is no booking question "nonsense"'],
  ])('refuses %j on %s', (raw, field, message) => {
    const { answers, errors } = check(raw)
    expect(errors).toEqual({ [field]: message })
    expect(answers.map((a) => a.questionId)).not.toContain(Number(field.split('.')[1]))
  })

  it('ignores a description no chosen option asks for, and blank answers to questions not asked', () => {
    expect(check({ 1: 'none', '1.detail': 'typed before changing my mind', 99: '', '99.detail': '' })).toEqual({
      answers: [{ questionId: 1, value: 'none' }, { questionId: 3, value: 1 }],
      errors: {},
    })
  })

  it('names an archived question in its refusal', () => {
    expect(check({ 7: 'Car' }, [{ id: 7, label: 'How you arrive' }]).errors).toEqual({ 'answer.7': '"How you arrive" is no longer asked: please reload the page and try again' })
  })
})

describe('readAnswers', () => {
  it('reads the JSON answers and the form fields alike', () => {
    expect(readAnswers({ answers: { 1: 'none' }, 'answer.2': ['a', 'b'], 'answer.1.detail': 'x', name: 'Aiko' })).toEqual({ raw: { 1: 'none', 2: ['a', 'b'], '1.detail': 'x' } })
    expect(readAnswers({ answers: null })).toEqual({ raw: {} })
  })
  it('refuses answers that are not an object, or too many', () => {
    expect(readAnswers({ answers: ['none'] })).toEqual({ error: 'Answers must be sent as { "question id": answer }' })
    expect(readAnswers({ answers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [i, ''])) })).toEqual({ error: 'At most 100 answers can be sent' })
  })
})

describe('the snapshot a booking keeps', () => {
  it('holds the question and the options in English and as the guest read them', () => {
    const ja = ALL.map((q) => guestQuestion(q, 'ja'))
    const { answers } = checkAnswers(ja, { 1: 'allergies', '1.detail': '卵', 3: '2', 4: 'yes' })
    const snapshot = snapshotAnswers(ALL, answers, 'ja')
    expect(snapshot[0]).toEqual({ questionId: 1, type: 'one-choice', label: 'Dietary needs', guestLabel: '食事の制限', value: 'allergies', choices: [{ id: 'allergies', label: 'Allergies', guestLabel: 'アレルギー' }], detail: '卵' })
    expect(snapshot.map((a) => answerText(a, 'guide'))).toEqual(['Allergies: 卵', '2', 'Yes'])
    expect(snapshot.map((a) => answerText(a, 'guest', { yes: 'はい', no: 'いいえ' }))).toEqual(['アレルギー: 卵', '2', 'はい'])
  })

  it('falls back to the guide’s English per field, and says so', () => {
    expect(guestQuestion(dietary, 'ko')).toMatchObject({ label: 'Dietary needs', lang: 'en', options: [{ label: 'None' }, { label: 'Allergies' }] })
    expect(guestQuestion(dietary, 'ja')).toMatchObject({ label: '食事の制限', lang: 'ja', helpLang: 'en' })
  })
})

describe('option ids and the guide’s edit', () => {
  it('keeps an option’s id when its words stay, and makes unique ones for new options', () => {
    expect(assignOptionIds([{ label: 'No pork' }, { label: 'Vegan' }, { label: 'Vegan!' }, { label: 'ハラール' }], [{ id: 'vegan-old', label: 'Vegan' }]).map((o) => o.id)).toEqual([
      'no-pork',
      'vegan-old',
      'vegan',
      'option',
    ])
  })

  it('drops options and bounds a type does not use, and refuses what cannot be asked', () => {
    expect(bookingQuestionInputSchema.parse({ type: 'short-text', label: ' Arrival ', options: [{ label: 'x' }], min: 1 })).toMatchObject({ label: 'Arrival', options: [], min: null, max: null, required: false, help: '' })
    expect(bookingQuestionInputSchema.parse({ type: 'number', label: 'Kids', min: '0', max: '6', required: 'on' })).toMatchObject({ min: 0, max: 6, required: true })
    expect(bookingQuestionInputSchema.safeParse({ type: 'one-choice', label: 'Pick', options: [{ label: 'One' }] }).success).toBe(false)
    expect(bookingQuestionInputSchema.safeParse({ type: 'number', label: 'Kids', min: 3, max: 2 }).success).toBe(false)
    expect(bookingQuestionInputSchema.safeParse({ type: 'short-text', label: 'Hi', translations: { fr: { label: 'Salut' } } }).success).toBe(false)
    expect(bookingQuestionInputSchema.safeParse({ type: 'short-text', label: 'Hi', position: 1 }).success).toBe(false)
  })
})
