import { DEFAULT_CATALOGUE } from '../../core/pricing.ts'
import type { TourText, TourTranslations } from '../../core/i18n/tour-text.ts'
import type { Db } from './client.ts'
import { meetingPoints, tourPackages, tripSettings } from './schema.ts'
import type { MeetingPointInput } from '../../core/meeting-points.ts'
import { seedBookingQuestions } from './seed-booking-questions.ts'

type SeededTour = TourText & { translations: TourTranslations }

/**
 * The two tours' words as first published, in every language (docs/decisions/0045). A catalogue seeded
 * before translations existed got these from drizzle/0004_tour_translations.sql where its English was still the seed's.
 */
export const HALF_DAY: SeededTour = {
  name: 'Half-Day Private Tour',
  shortDescription: 'About 5 hours in Joetsu, planned around your interests.',
  description:
    'A relaxed morning or afternoon with your local guide: castle grounds, old-town streets, a café or market stop, chosen together before your visit.',
  duration: 'About 5 hours',
  translations: {
    ja: {
      name: '半日プライベートツアー',
      shortDescription: '約5時間、あなたの興味に合わせて計画する上越の旅。',
      description: '地元ガイドと過ごす、ゆったりとした午前または午後。城跡、古い町並み、カフェや市場への立ち寄りなど、訪問前に一緒に決めます。',
      duration: '約5時間',
    },
    'zh-Hant': {
      name: '半日私人導覽',
      shortDescription: '約 5 小時的上越之旅，依您的興趣安排。',
      description: '與在地導遊共度悠閒的上午或下午：城址、老街、咖啡館或市場，行程在您來訪前一起決定。',
      duration: '約 5 小時',
    },
    'zh-Hans': {
      name: '半日私人导览',
      shortDescription: '约 5 小时的上越之旅，根据您的兴趣安排。',
      description: '与本地导游共度悠闲的上午或下午：城址、老街、咖啡馆或市场，行程在您来访前一起决定。',
      duration: '约 5 小时',
    },
    ko: {
      name: '반일 프라이빗 투어',
      shortDescription: '관심사에 맞춰 계획하는 약 5시간의 조에쓰 여행.',
      description: '현지 가이드와 함께하는 여유로운 오전 또는 오후: 성터, 옛 거리, 카페나 시장 등 방문 전에 함께 정합니다.',
      duration: '약 5시간',
    },
  },
}

export const FULL_DAY: SeededTour = {
  name: 'Full-Day Private Tour',
  shortDescription: 'About 9 hours including a lunch break: the coast, the castle town and the mountains.',
  description:
    'A full day from 9:00 with time to go further: the Sea of Japan coast, Takada’s castle town, sake breweries or the Myoko foothills, with a lunch break at a local favourite.',
  duration: 'About 9 hours (including a lunch break)',
  translations: {
    ja: {
      name: '1日プライベートツアー',
      shortDescription: '昼休憩を含む約9時間。海岸、城下町、そして山へ。',
      description: '9時から丸1日、足をのばす時間もたっぷり。日本海の海岸、高田の城下町、酒蔵、妙高のふもとへ。昼食は地元で人気のお店で。',
      duration: '約9時間（昼休憩を含む）',
    },
    'zh-Hant': {
      name: '一日私人導覽',
      shortDescription: '約 9 小時（含午餐休息）：海岸、城下町與山區。',
      description: '從 9:00 開始的一整天，有時間走得更遠：日本海海岸、高田城下町、清酒酒廠或妙高山麓，午餐在在地人喜愛的餐廳享用。',
      duration: '約 9 小時（含午餐休息）',
    },
    'zh-Hans': {
      name: '一日私人导览',
      shortDescription: '约 9 小时（含午餐休息）：海岸、城下町和山区。',
      description: '从 9:00 开始的一整天，有时间走得更远：日本海海岸、高田城下町、清酒酒厂或妙高山麓，午饭在本地人喜爱的餐厅享用。',
      duration: '约 9 小时（含午餐休息）',
    },
    ko: {
      name: '종일 프라이빗 투어',
      shortDescription: '점심시간 포함 약 9시간: 바닷가, 성곽 마을, 그리고 산.',
      description: '9시부터 하루 종일, 더 멀리 갈 여유가 있습니다: 동해(일본해) 해안, 다카다 성곽 마을, 사케 양조장이나 묘코 산기슭, 점심은 현지인이 즐겨 찾는 곳에서.',
      duration: '약 9시간(점심시간 포함)',
    },
  },
}

/**
 * The two bookable tours with the prices of docs/decisions/0019. Inserted once; afterwards the admin owns
 * the catalogue, so a restart never overwrites an edited price.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const half = DEFAULT_CATALOGUE.halfDay
  const full = DEFAULT_CATALOGUE.fullDay
  await db
    .insert(tourPackages)
    .values([
      {
        slug: 'half-day',
        ...HALF_DAY,
        isHalfDay: true,
        basePrice: half.basePrice,
        extraGuestPrice: half.extraGuestPrice,
        soloPrice: half.soloPrice,
        soloPromoStart: half.soloPromoStart,
        soloPromoEnd: half.soloPromoEnd,
        maxGroupSize: 5,
        imageUrl: '/images/packages/half-day.svg',
        sortOrder: 1,
      },
      {
        slug: 'full-day',
        ...FULL_DAY,
        isHalfDay: false,
        basePrice: full.basePrice,
        extraGuestPrice: full.extraGuestPrice,
        soloPrice: full.soloPrice,
        soloPromoStart: full.soloPromoStart,
        soloPromoEnd: full.soloPromoEnd,
        maxGroupSize: 5,
        imageUrl: '/images/packages/full-day.svg',
        sortOrder: 2,
      },
    ])
    .onConflictDoNothing({ target: tourPackages.slug })
}

/**
 * The places the marketing pages promise (docs/decisions/0052), in every language; the guide
 * corrects and adds in Settings. Joetsu-Myoko Station is every slot's usual place.
 */
export const SEEDED_MEETING_POINTS: MeetingPointInput[] = [
  {
    name: 'Joetsu-Myoko Station',
    address: 'Yamato 5-chome, Joetsu, Niigata',
    addressJa: '新潟県上越市大和5丁目 上越妙高駅',
    latitude: 37.0785,
    longitude: 138.2483,
    instructions: 'By the ticket gates of the Shinkansen exit (West exit). I hold a sign with your name.',
    translations: {
      ja: { name: '上越妙高駅', instructions: '新幹線改札口(西口)の前でお待ちしています。お名前を書いたボードを持っています。' },
      'zh-Hant': { name: '上越妙高站', instructions: '在新幹線剪票口(西口)前等候。我會拿著寫有您名字的牌子。' },
      'zh-Hans': { name: '上越妙高站', instructions: '在新干线检票口(西口)前等候。我会拿着写有您名字的牌子。' },
      ko: { name: '조에쓰묘코역', instructions: '신칸센 개찰구(서쪽 출구) 앞에서 기다립니다. 이름이 적힌 보드를 들고 있겠습니다.' },
    },
  },
  {
    name: 'Takada Station',
    address: 'Nakacho 4-chome, Joetsu, Niigata',
    addressJa: '新潟県上越市仲町4丁目 高田駅',
    latitude: 37.1027,
    longitude: 138.2497,
    instructions: 'In front of the main entrance of the station building.',
    translations: {
      ja: { name: '高田駅', instructions: '駅舎の正面入口前でお待ちしています。' },
      'zh-Hant': { name: '高田站', instructions: '在車站正門入口前等候。' },
      'zh-Hans': { name: '高田站', instructions: '在车站正门入口前等候。' },
      ko: { name: '다카다역', instructions: '역 건물 정문 앞에서 기다립니다.' },
    },
  },
]

/**
 * The trip settings and their meeting points, once: the instance that creates the settings row
 * adds the places in the same transaction, so two instances starting together seed them once and
 * a guide who removed or renamed them never sees them come back.
 */
export async function seedTrip(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [created] = await tx.insert(tripSettings).values({ id: 1, pickupEnabled: true }).onConflictDoNothing({ target: tripSettings.id }).returning()
    if (!created) return
    const points = await tx
      .insert(meetingPoints)
      .values(SEEDED_MEETING_POINTS.map((point, i) => ({ ...point, sortOrder: i + 1 })))
      .returning({ id: meetingPoints.id })
    const usual = points[0]!.id
    await tx.update(tripSettings).set({ morningPointId: usual, afternoonPointId: usual, fullDayPointId: usual })
  })
}

/**
 * What a new site starts with: the tours, the trip settings with their meeting points, and the
 * booking questions. Each part is seeded once, so a restart never overwrites the guide's edits.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedCatalogue(db)
  await seedTrip(db)
  await seedBookingQuestions(db)
}
