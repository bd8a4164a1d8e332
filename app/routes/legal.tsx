import { Link } from 'react-router'
import type { Route } from './+types/legal'
import { formatYen } from '../../core/money.ts'
import { mailtoLink } from '../../core/site.ts'
import { useSite } from '../lib/site.ts'
import { loadPublicToursIn, publicPolicy } from '../components/site/catalogue.server.ts'
import { linkStyle } from '../components/site/styles.ts'
import type { PublicTour } from '../components/site/tour-prices.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageMessages } from '../i18n/messages.server.ts'

export const handle = contentPageHandle

// Rendered per request: the price item reads the catalogue (docs/decisions/0004).
// The notice itself stays Japanese and English side by side in every language.
export async function loader({ context, request }: Route.LoaderArgs) {
  // The Japanese column names the tours in Japanese where the guide has translated them.
  const { en: tours, ja: toursJa } = await loadPublicToursIn(context, ['en', 'ja'])
  return {
    tours,
    toursJa,
    policy: publicPolicy(),
    // Gift vouchers' terms state the guide's current validity (docs/decisions/0065).
    voucherMonths: (await context.services.vouchers.rules()).validityMonths,
    meta: seo(request, { title: 'legal.meta.title', description: 'legal.meta.description', path: '/legal' }),
    messages: pageMessages(request, 'legal'),
  }
}

export const meta = loaderMeta

/** `id`: an anchor other pages link to (the booking form's consent links #cancellation). */
type Row = { id?: string; ja: string; en: string; contentJa: React.ReactNode; contentEn: React.ReactNode }

/** '2025-09-30' → '2025年9月30日'. */
function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return `${y}年${m}月${d}日`
}

function priceJa(tour: PublicTour): string {
  const kind = tour.isHalfDay ? '半日ツアー' : '1日ツアー'
  return `${kind}（${tour.name}）：1〜${tour.includedGuests}名で${formatYen(tour.basePrice)}（税込）、${tour.includedGuests + 1}名以上は1名につき${formatYen(tour.extraGuestPrice)}（税込）を追加、最大${tour.maxGroupSize}名`
}

function priceEn(tour: PublicTour): string {
  return `${tour.name} (${tour.duration.toLowerCase()}): ${formatYen(tour.basePrice)} for 1–${tour.includedGuests} guests, plus ${formatYen(tour.extraGuestPrice)} for each additional guest, up to ${tour.maxGroupSize} guests; tax included`
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { tours, toursJa, policy, voucherMonths } = loaderData
  const site = useSite()
  const t = useT()
  const path = useLocalePath()
  const email = (
    <a href={mailtoLink(site.email)} className={linkStyle}>
      {site.email}
    </a>
  )
  const onRequestJa = <>請求があった場合には、遅滞なく開示いたします。ご希望の方は {email} までメールでお知らせください。</>
  const onRequestEn = <>Disclosed without delay upon request. Please ask by e-mail at {email}.</>
  const orOnRequest = (value: string | null, lang: 'ja' | 'en') => value ?? (lang === 'ja' ? onRequestJa : onRequestEn)
  const lastFreeDay = policy.freeCancellationDays
  const firstPaidDay = policy.freeCancellationDays - 1

  const rows: Row[] = [
    { ja: '販売業者', en: 'Seller', contentJa: orOnRequest(site.seller.name, 'ja'), contentEn: orOnRequest(site.seller.name, 'en') },
    {
      ja: '運営統括責任者',
      en: 'Operations manager',
      contentJa: orOnRequest(site.seller.manager, 'ja'),
      contentEn: orOnRequest(site.seller.manager, 'en'),
    },
    { ja: '所在地', en: 'Address', contentJa: orOnRequest(site.seller.address, 'ja'), contentEn: orOnRequest(site.seller.address, 'en') },
    {
      ja: '電話番号',
      en: 'Phone number',
      contentJa: orOnRequest(site.seller.phone, 'ja'),
      contentEn: orOnRequest(site.seller.phone, 'en'),
    },
    { ja: 'メールアドレス', en: 'E-mail', contentJa: email, contentEn: email },
    {
      ja: '販売価格',
      en: 'Price',
      contentJa:
        tours.length === 0 ? (
          <>各ツアーの価格はお問い合わせください。</>
        ) : (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {toursJa.map((tour) => (
                <li key={tour.slug}>
                  {priceJa(tour)}
                  {tour.solo
                    ? `。お一人様限定の特別料金：${formatYen(tour.solo.price)}（税込${tour.solo.untilDate ? `、${japaneseDate(tour.solo.untilDate)}までのツアー` : ''}）`
                    : ''}
                </li>
              ))}
            </ul>
            <p className="mt-2">価格はツアー1回（1グループ）あたりの料金で、消費税を含みます。</p>
          </>
        ),
      contentEn:
        tours.length === 0 ? (
          <>Please ask us for the current price of each tour.</>
        ) : (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {tours.map((tour) => (
                <li key={tour.slug}>
                  {priceEn(tour)}.
                  {tour.solo
                    ? ` Solo special for one guest: ${formatYen(tour.solo.price)}, tax included${tour.solo.until ? `, for tours until ${tour.solo.until}` : ''}.`
                    : ''}
                </li>
              ))}
            </ul>
            <p className="mt-2">Prices are per tour (per group, not per person) and include consumption tax.</p>
          </>
        ),
    },
    {
      ja: '商品代金以外の必要料金',
      en: 'Additional costs',
      contentJa:
        '昼食代、交通費（電車・バス・タクシー等の運賃）、施設の入場料・拝観料、その他個人的な費用は、ツアー当日に現地でお客様ご自身でお支払いください。',
      contentEn:
        'Lunch, transport fares (train, bus, taxi), entrance fees and any personal expenses are not included and are paid by the guest on site on the day of the tour.',
    },
    { ja: 'お支払方法', en: 'Payment method', contentJa: 'クレジットカード', contentEn: 'Credit card' },
    {
      ja: 'お支払時期',
      en: 'Payment timing',
      contentJa: 'ご予約時に代金の全額をお支払いいただきます。',
      contentEn: 'Full payment at the time of booking.',
    },
    {
      ja: '役務の提供時期',
      en: 'Service delivery',
      contentJa: 'ご予約いただいた日時にツアーを実施します。',
      contentEn: 'The tour takes place on the date and at the time you booked.',
    },
    {
      id: 'cancellation',
      ja: 'キャンセルについて',
      en: 'Cancellation',
      contentJa: (
        <ul className="list-disc space-y-1 pl-5">
          <li>ツアー日の{lastFreeDay}日前まで：無料でキャンセルでき、全額を返金いたします。</li>
          <li>ツアー日の{firstPaidDay}日前から当日まで：キャンセル料として代金の100%を申し受けます（返金なし）。</li>
          <li>天候不良や交通機関の事情により当方がツアーを中止した場合：全額を返金いたします。</li>
        </ul>
      ),
      contentEn: (
        <ul className="list-disc space-y-1 pl-5">
          <li>Until {lastFreeDay} days before the tour date: free cancellation with a full refund.</li>
          <li>From {firstPaidDay} days before the tour date, including the day itself: 100% of the price is charged (no refund).</li>
          <li>If we cancel the tour because of bad weather or transport disruption: full refund.</li>
        </ul>
      ),
    },
    {
      ja: '返品について',
      en: 'Returns',
      contentJa: '役務（ガイドサービス）の性質上、返品はお受けできません。返金は上記のキャンセル規定に従います。',
      contentEn: 'Because this is a service, it cannot be returned. Refunds follow the cancellation policy above.',
    },
    {
      id: 'gift-vouchers',
      ja: 'ギフト券について',
      en: 'Gift vouchers',
      contentJa: (
        <ul className="list-disc space-y-1 pl-5">
          <li>販売価格：券面額と同額です。お支払いはクレジットカードで、ご購入時にお支払いいただきます。</li>
          <li>有効期限：ご購入日から{voucherMonths}か月（期限日は券面とメールに日本時間で記載します）。</li>
          <li>現金との引き換え、おつりのお渡しはできません。</li>
          <li>一部のみご利用の場合、残額は有効期限までギフト券に残り、次回のご予約にご利用いただけます。</li>
          <li>未使用のギフト券は、有効期限内にガイドへお申し出いただければ、ご購入時のカードへ全額を払い戻します。</li>
          <li>ギフト券でお支払いのご予約をキャンセルされた場合は、上記のキャンセル規定に従い、返金対象となるギフト券の分はギフト券の残高に戻します（有効期限は延長されません）。</li>
          <li>有効期限を過ぎると、残額はご利用・払い戻しともにできなくなります。</li>
        </ul>
      ),
      contentEn: (
        <ul className="list-disc space-y-1 pl-5">
          <li>Price: the voucher’s face value, paid by credit card when you buy it.</li>
          <li>Validity: {voucherMonths} months from the day of purchase (the last day, in Japan time, is on the voucher and in the e-mail).</li>
          <li>Vouchers cannot be exchanged for cash, and no change is given.</li>
          <li>If a voucher pays only part of a booking, the balance stays on it until its last day for another booking.</li>
          <li>An unused voucher is refunded in full to the card it was bought with if you ask the guide within its validity.</li>
          <li>
            If a booking paid with a voucher is cancelled, the cancellation policy above applies, and the refundable voucher part goes back onto
            the voucher (its validity is not extended).
          </li>
          <li>After its last day, any balance left can no longer be used or refunded.</li>
        </ul>
      ),
    },
  ]

  return (
    <main id="main">
      <section className="bg-brand-900 text-white" aria-labelledby="page-title">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 id="page-title" className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            <span lang="ja" className="block">
              特定商取引法に基づく表記
            </span>
            <span lang="en" className="mt-2 block">
              Legal Notice (Specified Commercial Transactions Act)
            </span>
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-brand-100">
            {t('legal.lead')}
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <p className="mb-6 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900">{t('legal.bindingNote')}</p>
        <dl className="divide-y divide-brand-100 overflow-hidden rounded-2xl border border-brand-100">
          {rows.map((row) => (
            <div key={row.en} id={row.id} className="grid gap-3 p-5 sm:p-6 lg:grid-cols-[14rem_1fr_1fr] lg:gap-8">
              <dt className="font-bold text-brand-900">
                <span lang="ja" className="block">
                  {row.ja}
                </span>
                <span lang="en" className="block text-sm font-semibold text-slate-700">
                  {row.en}
                </span>
              </dt>
              <dd lang="ja" className="leading-relaxed text-slate-800">
                {row.contentJa}
              </dd>
              <dd lang="en" className="leading-relaxed text-slate-800">
                {row.contentEn}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-slate-700">
          <T
            id="legal.questions"
            values={{ email: site.email }}
            components={{
              0: <a href={mailtoLink(site.email)} className={linkStyle} />,
              1: <Link to={path('/contact')} className={linkStyle} />,
              2: <Link to={path('/privacy')} className={linkStyle} />,
            }}
          />
        </p>
      </div>
    </main>
  )
}
