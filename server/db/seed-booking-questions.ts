import type { BookingQuestion } from '../../core/booking-questions.ts'
import type { Db } from './client.ts'
import { bookingQuestions } from './schema.ts'

type SeededQuestion = Pick<BookingQuestion, 'type' | 'required' | 'label' | 'help' | 'translations' | 'options'> & { key: string }

/**
 * The questions a new site asks (docs/decisions/0053), in the five languages.
 * All optional: a guest who skips them still books, and the guide can make one required.
 */
export const SEEDED_QUESTIONS: SeededQuestion[] = [
  {
    key: 'dietary',
    type: 'one-choice',
    required: false,
    label: 'Dietary needs',
    help: 'So your guide can plan the food stops.',
    translations: {
      ja: { label: '食事の制限', help: 'ガイドが食事の立ち寄り先を計画するためにお聞きします。' },
      'zh-Hant': { label: '飲食需求', help: '方便導遊安排用餐地點。' },
      'zh-Hans': { label: '饮食需求', help: '方便导游安排用餐地点。' },
      ko: { label: '식사 관련 요청', help: '가이드가 식사 장소를 계획할 수 있도록 알려 주세요.' },
    },
    options: [
      { id: 'none', label: 'None', describe: false, translations: { ja: '特になし', 'zh-Hant': '無', 'zh-Hans': '无', ko: '없음' } },
      { id: 'vegetarian', label: 'Vegetarian', describe: false, translations: { ja: 'ベジタリアン', 'zh-Hant': '素食（蛋奶素）', 'zh-Hans': '素食（蛋奶素）', ko: '베지테리언' } },
      { id: 'vegan', label: 'Vegan', describe: false, translations: { ja: 'ヴィーガン', 'zh-Hant': '純素', 'zh-Hans': '纯素', ko: '비건' } },
      { id: 'halal', label: 'Halal', describe: false, translations: { ja: 'ハラール', 'zh-Hant': '清真', 'zh-Hans': '清真', ko: '할랄' } },
      { id: 'no-pork', label: 'No pork', describe: false, translations: { ja: '豚肉不可', 'zh-Hant': '不吃豬肉', 'zh-Hans': '不吃猪肉', ko: '돼지고기 제외' } },
      { id: 'allergies', label: 'Allergies', describe: true, translations: { ja: 'アレルギー', 'zh-Hant': '過敏', 'zh-Hans': '过敏', ko: '알레르기' } },
    ],
  },
  {
    key: 'access',
    type: 'long-text',
    required: false,
    label: 'Mobility or access needs',
    help: 'For example a wheelchair, a pushchair, or difficulty with stairs or long walks.',
    translations: {
      ja: { label: '移動やバリアフリーに関するご要望', help: '例：車いす、ベビーカー、階段や長い距離の歩行が難しいなど。' },
      'zh-Hant': { label: '行動或無障礙需求', help: '例如：輪椅、嬰兒車，或上下樓梯、長距離步行有困難。' },
      'zh-Hans': { label: '行动或无障碍需求', help: '例如：轮椅、婴儿车，或上下楼梯、长距离步行有困难。' },
      ko: { label: '이동 또는 접근성 관련 요청', help: '예: 휠체어, 유모차, 계단이나 긴 거리를 걷기 어려운 경우.' },
    },
    options: [],
  },
  {
    key: 'children',
    type: 'short-text',
    required: false,
    label: 'Ages of children',
    help: 'If children are coming, their ages, e.g. 4 and 9.',
    translations: {
      ja: { label: 'お子様の年齢', help: 'お子様が参加される場合は年齢をご記入ください（例：4歳と9歳）。' },
      'zh-Hant': { label: '兒童年齡', help: '如有兒童同行，請填寫年齡，例如 4 歲和 9 歲。' },
      'zh-Hans': { label: '儿童年龄', help: '如有儿童同行，请填写年龄，例如 4 岁和 9 岁。' },
      ko: { label: '어린이 나이', help: '어린이가 함께한다면 나이를 적어 주세요. 예: 4세, 9세.' },
    },
    options: [],
  },
  {
    key: 'arrival',
    type: 'short-text',
    required: false,
    label: 'How you arrive',
    help: 'Train and time, e.g. Shinkansen arriving 10:12.',
    translations: {
      ja: { label: '到着方法', help: 'ご利用の列車と到着時刻（例：新幹線 10:12着）。' },
      'zh-Hant': { label: '抵達方式', help: '搭乘的列車與時間，例如：新幹線 10:12 抵達。' },
      'zh-Hans': { label: '到达方式', help: '乘坐的列车和时间，例如：新干线 10:12 到达。' },
      ko: { label: '도착 방법', help: '이용하는 열차와 시간. 예: 신칸센 10:12 도착.' },
    },
    options: [],
  },
]

/**
 * Inserted once, each by its key, when the table is made (start-up seeds); afterwards the guide
 * owns them (edited or archived, a seeded question is never seeded again).
 */
export async function seedBookingQuestions(db: Db): Promise<void> {
  for (const [i, q] of SEEDED_QUESTIONS.entries()) {
    await db
      .insert(bookingQuestions)
      .values({ ...q, position: i + 1 })
      .onConflictDoNothing({ target: bookingQuestions.key })
  }
}
