import { Link } from 'react-router'
import type { Route } from './+types/privacy'
import { mailtoLink } from '../../core/site.ts'
import { useSite } from '../lib/site.ts'
import { siteIn } from '../../core/site.ts'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { T, useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageMessages } from '../i18n/messages.server.ts'

export const handle = contentPageHandle

/**
 * The privacy notice required by Japan's Act on the Protection of Personal Information
 * (APPI): purposes of use, transfer to a processor abroad, retention, requests, cookies.
 * Retention periods and the e-mail provider come from configuration, so the notice always
 * says what the running system does (the retention sweep reads the same settings).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { config } = context
  return {
    meta: seo(request, { title: 'privacy.meta.title', description: 'privacy.meta.description', path: '/privacy' }),
    messages: pageMessages(request, 'privacy'),
    retention: config.retention,
    // The waitlist's confirmation window and daily cap (docs/decisions/0070).
    waitlist: config.waitlist,
    emailProvider: config.emailProvider,
    smtp: Boolean(config.env.SMTP_URL),
    // Real Stripe only: the simulated card form loads nothing from Stripe and sets no cookie.
    stripeCookies: config.paymentMode === 'stripe',
  }
}

export const meta = loaderMeta

type Section = { id: string; en: { title: string; body: React.ReactNode }; ja: { title: string; body: React.ReactNode } }

/** The binding notice in one of its two languages, marked with it for screen readers. */
function BindingNotice({ lang, heading, sections, className }: { lang: 'en' | 'ja'; heading: string; sections: Section[]; className?: string }) {
  return (
    <div lang={lang} className={className}>
      <h2 className={sectionHeading}>{heading}</h2>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${lang}-${section.id}`} className="mt-8">
          <h3 id={`${lang}-${section.id}`} className="text-xl font-bold text-brand-900">
            {section[lang].title}
          </h3>
          <div className="mt-3 leading-relaxed text-slate-800">{section[lang].body}</div>
        </section>
      ))}
    </div>
  )
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { retention, waitlist, emailProvider, smtp, stripeCookies } = loaderData
  const site = useSite()
  // Each section names the business in its own language (docs/decisions/0079).
  const english = siteIn(site, 'en')
  const japanese = siteIn(site, 'ja')
  const t = useT()
  const path = useLocalePath()
  const email = (
    <a href={mailtoLink(site.email, 'Privacy request')} className={linkStyle}>
      {site.email}
    </a>
  )
  const mailProviderEn = emailProvider
    ? `E-mails we send you are delivered through ${emailProvider}, which processes your name and e-mail address for that purpose only.`
    : smtp
      ? 'E-mails we send you are delivered through our e-mail service provider, which processes your name and e-mail address for that purpose only.'
      : 'E-mails we send you are delivered from our own systems; no e-mail provider receives your details.'
  const mailProviderJa = emailProvider
    ? `当方からのメールは ${emailProvider} を通じて配信され、同社はその目的に限りお名前とメールアドレスを取り扱います。`
    : smtp
      ? '当方からのメールはメール配信事業者を通じて配信され、同社はその目的に限りお名前とメールアドレスを取り扱います。'
      : '当方からのメールは当方のシステムから直接送信され、メール配信事業者にお客様の情報が渡ることはありません。'
  // Stripe.js is loaded only by the checkout page (app/routes/checkout.tsx) in Stripe mode.
  const stripeCookiesEn = stripeCookies
    ? ' The one exception is the checkout page (/checkout), where you pay by card: it loads Stripe.js from our card processor, Stripe, which sets two cookies of its own there to prevent fraud, __stripe_mid (kept for one year) and __stripe_sid (30 minutes). No other page loads Stripe.'
    : ''
  const stripeCookiesJa = stripeCookies
    ? '例外として、カードでお支払いいただく決済ページ（/checkout）では、決済代行会社 Stripe の Stripe.js が読み込まれ、不正防止のために Stripe 独自の Cookie（__stripe_mid：1年間、__stripe_sid：30分間）が設定されます。Stripe を読み込むのは決済ページのみです。'
    : ''

  const sections: Section[] = [
    {
      id: 'who',
      en: {
        title: 'Who we are',
        body: (
          <p>
            {english.businessName} ({english.city}) is responsible for the personal information described here. Contact: {email}.
            {site.seller.name ? ` The business is run by ${site.seller.name}.` : ''}
          </p>
        ),
      },
      ja: {
        title: '個人情報取扱事業者',
        body: (
          <p>
            本ページに記載する個人情報は {japanese.businessName}（{japanese.city}）が責任を持って取り扱います。お問い合わせ先：{email}
            {site.seller.name ? `。事業者：${site.seller.name}` : ''}
          </p>
        ),
      },
    },
    {
      id: 'what',
      en: {
        title: 'What we collect and why',
        body: (
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>When you contact us:</strong> your name, e-mail address and, if you give them, phone number, planned visit date,
              group size, preferred package and your message — to answer you and plan your tour.
            </li>
            <li>
              <strong>When you book:</strong> your name, e-mail address, phone number, group size, tour date and time, chosen tour,
              interests and special requests — to deliver the tour you booked, contact you about it (confirmation, reminder,
              changes) and keep the records the law requires.
            </li>
            <li>
              <strong>When you pay:</strong> the amount and the payment status. Your card details go directly to our card processor
              and never reach our servers.
            </li>
            <li>
              <strong>When you ask to hear if a taken time slot frees up:</strong> your e-mail address, group size, chosen tour and
              the language of the page — first to send one e-mail that asks you to confirm the address, and, only once you have, to
              e-mail you, once each time that slot frees up (at most {waitlist.mailsPerAddressPerDay} such e-mails a day), a link to
              book it and a link to leave the list.
            </li>
            <li>
              <strong>After a paid tour:</strong> we use your name, e-mail address and booking to e-mail you, the day after the tour,
              a private link to review it, and one reminder five days later unless you answered or opted out (the e-mail has a link to
              stop them). If you write a review, we keep its stars, title, text, the name and country you chose to show, and your
              consent; it is published on this site, with the guide’s reply, only once the guide has approved it. Reviews the guide
              adds from other sites carry that site’s name.
            </li>
            <li>
              <strong>When you buy a gift voucher:</strong> your name and e-mail address, and, if you give them, the recipient’s name
              and your message — to e-mail you the voucher, print them on it, and keep the record of its sale and use. Anyone who has
              the voucher’s link sees the names and the message on it; keep the link for the people you give the voucher to.
            </li>
          </ul>
        ),
      },
      ja: {
        title: '取得する情報と利用目的',
        body: (
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>お問い合わせの際：</strong>お名前、メールアドレス、（ご記入の場合）電話番号、ご訪問予定日、人数、ご希望のプラン、メッセージ。ご返信とツアーの企画のために利用します。
            </li>
            <li>
              <strong>ご予約の際：</strong>お名前、メールアドレス、電話番号、人数、ツアーの日時と内容、ご興味、ご要望。ご予約いただいたツアーの実施、ご連絡（確認・リマインダー・変更）、法令で定められた記録の保存のために利用します。
            </li>
            <li>
              <strong>お支払いの際：</strong>金額と決済の状況。カード情報は決済代行会社に直接送信され、当方のサーバーを経由・保存することはありません。
            </li>
            <li>
              <strong>予約済みの時間枠の空き通知をご希望の際：</strong>メールアドレス、人数、ご希望のツアー、ページの言語。まずメールアドレスの確認のためのメールを1通だけお送りし、ご確認いただいた後に限り、その枠が空くたびに一度（1日{waitlist.mailsPerAddressPerDay}通まで）、予約用のリンクと登録解除用のリンクをメールでお送りするためだけに利用します。
            </li>
            <li>
              <strong>お支払い済みのツアーの後：</strong>お名前、メールアドレス、ご予約の情報を用いて、ツアーの翌日にご感想を書くための専用リンクを、ご回答や配信停止がない場合はその5日後に一度だけリマインダーをメールでお送りします（メール内のリンクから停止できます）。ご感想をお寄せいただいた場合は、評価、タイトル、本文、表示するお名前と国、掲載への同意を保存し、ガイドが承認した後に限り、ガイドの返信とともに本サイトに掲載します。ガイドが他サイトから掲載するご感想には、そのサイト名を表示します。
            </li>
            <li>
              <strong>ギフト券のご購入の際：</strong>お名前、メールアドレス、（ご記入の場合）お贈りする方のお名前とメッセージ。ギフト券をメールでお送りし、券面に記載し、販売と利用の記録を保存するために利用します。ギフト券のリンクを知っている方は券面のお名前とメッセージを見ることができますので、リンクはギフト券をお渡しする方とだけ共有してください。
            </li>
          </ul>
        ),
      },
    },
    {
      id: 'abroad',
      en: {
        title: 'Processors, including abroad',
        body: (
          <>
            <p>
              Card payments are processed by Stripe, Inc., in the United States. Stripe receives your payment details and the
              booking amount to take the payment and prevent fraud. The United States has no data-protection law equivalent to
              Japan’s; Stripe protects personal data under its own privacy policy and security programme.
            </p>
            <p className="mt-2">{mailProviderEn}</p>
            <p className="mt-2">We do not sell your information or share it with anyone else, and we use no advertising or tracking.</p>
          </>
        ),
      },
      ja: {
        title: '外国にある第三者への提供・委託',
        body: (
          <>
            <p>
              カード決済は米国の Stripe, Inc. が処理します。同社は決済と不正防止のために、お支払い情報とご予約金額を受け取ります。米国には日本と同等の個人情報保護法制はありませんが、同社は自社のプライバシーポリシーとセキュリティ体制に基づき個人情報を保護しています。
            </p>
            <p className="mt-2">{mailProviderJa}</p>
            <p className="mt-2">お客様の情報を販売したり、上記以外の第三者に提供したりすることはありません。広告・トラッキングも使用していません。</p>
          </>
        ),
      },
    },
    {
      id: 'retention',
      en: {
        title: 'How long we keep it',
        body: (
          <ul className="list-disc space-y-2 pl-5">
            <li>Messages from the contact form: {retention.messagesMonths} months after we receive them.</li>
            <li>
              Paid bookings: {retention.paidBookingsYears} years after the tour, because Japanese tax rules require the records. The
              same for bookings we confirmed without online payment.
            </li>
            <li>Other bookings (cancelled, or never paid or confirmed): {retention.unpaidBookingsMonths} months after the tour date.</li>
            <li>
              Copies of the e-mails about a booking or message, and the notifications our staff get about it: as long as that booking
              or message.
            </li>
            <li>
              Waitlist entries (a slot you asked to hear about): until the day after that slot’s date, or until you leave the list
              with the link in our e-mail, whichever comes first. An address that does not confirm itself with the link of our
              confirmation e-mail is deleted, with its entries, {waitlist.confirmHours} hours after it was given.
            </li>
            <li>
              Reviews: a published review stays until the guide removes it or you ask us to; if you ask us to erase your data, we remove
              your reviews or keep them anonymised, without your name, country or booking.
            </li>
            <li>
              Gift vouchers: like bookings — a paid voucher {retention.paidBookingsYears} years after its last day, an unpaid purchase{' '}
              {retention.unpaidBookingsMonths} months. If you ask us to erase your data, your name, e-mail address, the recipient’s
              name and your message are deleted; the amount and its use stay in the accounts, and the code keeps its value for whoever
              holds it.
            </li>
            {/* Kept seven years whatever is erased (docs/decisions/0080). */}
            <li>
              Receipts and return invoices you download: kept exactly as issued, with the name you asked to
              have printed on them, until 31 March of the eighth year after the year of issue, because Japanese tax law requires
              issued invoices to be kept for seven years. An erasure request does not remove them; they are deleted when that
              period ends.
            </li>
          </ul>
        ),
      },
      ja: {
        title: '保存期間',
        body: (
          <ul className="list-disc space-y-2 pl-5">
            <li>お問い合わせフォームのメッセージ：受信から{retention.messagesMonths}か月</li>
            <li>
              お支払い済みのご予約：税務上の記録として、ツアー日から{retention.paidBookingsYears}年（オンライン決済を経ずに当方が確定したご予約も同様）
            </li>
            <li>その他のご予約（キャンセル、またはお支払い・確定のないもの）：ツアー日から{retention.unpaidBookingsMonths}か月</li>
            <li>ご予約・お問い合わせに関するメールの控えと、管理者向けの通知：そのご予約・お問い合わせと同じ期間</li>
            <li>
              空き通知の登録（ご希望の時間枠）：その日付の翌日まで。メール内のリンクから登録を解除された場合は、その時点で削除します。確認用メールのリンクでご確認いただけなかったメールアドレスは、ご登録から{waitlist.confirmHours}時間後に登録とともに削除します。
            </li>
            <li>
              ご感想：掲載したご感想は、ガイドが削除するか、お客様からご依頼があるまで保存します。個人情報の消去をご依頼いただいた場合は、ご感想を削除するか、お名前・国・ご予約との紐付けを除いて匿名で残します。
            </li>
            <li>
              ギフト券：ご予約と同様に、お支払い済みのものは有効期限の{retention.paidBookingsYears}年後まで、お支払いのないご注文は{retention.unpaidBookingsMonths}か月後まで。個人情報の消去をご依頼いただいた場合は、お名前、メールアドレス、お贈りする方のお名前とメッセージを削除します。金額と利用の記録は会計上保存し、コードは引き続きお持ちの方がご利用いただけます。
            </li>
            <li>
              ダウンロードされた領収書・返還請求書：税法により発行した請求書等は7年間の保存が義務付けられているため、ご指定の宛名を含め発行時のまま、発行年に8を加えた年の3月31日（2026年に発行したものは2034年3月31日）まで保存します。個人情報の消去をご依頼いただいても削除されず、保存期間の終了時に削除します。
            </li>
          </ul>
        ),
      },
    },
    {
      id: 'after',
      en: {
        title: 'After that',
        body: (
          <p>
            Your name, e-mail address, phone number and messages are deleted automatically. We keep only what the accounts need —
            dates, amounts and statuses — with nothing that identifies you, apart from receipts issued to you, which are kept for
            their own period (above).
          </p>
        ),
      },
      ja: {
        title: '保存期間の経過後',
        body: <p>お名前、メールアドレス、電話番号、メッセージは自動的に削除されます。会計上必要な日付・金額・状況のみを、個人を特定できない形で保存します（発行した領収書は上記の期間保存します）。</p>,
      },
    },
    {
      id: 'rights',
      en: {
        title: 'Your requests',
        body: (
          <p>
            You may ask us to tell you what we hold about you, to correct it, to stop using it or to delete it. Write to {email} from
            the address you used with us; we answer without delay, normally within two weeks. We may keep booking records the law
            requires, and cannot delete a booking whose tour is still to come or whose payment is unfinished until it is settled.
            We record when and by whom each request was answered, naming you only by a one-way code made from your e-mail address,
            never the address itself.
          </p>
        ),
      },
      ja: {
        title: '開示・訂正・利用停止・削除のご請求',
        body: (
          <p>
            保有する個人情報の開示、訂正、利用停止、削除をご請求いただけます。当方にご連絡いただいたメールアドレスから {email}{' '}
            までお送りください。遅滞なく（通常2週間以内に）対応いたします。法令で保存が義務付けられた記録、および実施前のツアーや決済が完了していないご予約は、完了するまで削除できない場合があります。ご請求への対応は日時と担当者を記録しますが、お客様のメールアドレスそのものではなく、そこから生成した復元できない符号のみを記録します。
          </p>
        ),
      },
    },
    {
      id: 'cookies',
      en: {
        title: 'Cookies',
        body: (
          <p>
            Browsing our pages sets no cookies.{stripeCookiesEn} We set two cookies ourselves. When you choose a language with the
            language links, or answer the suggestion to read a page in your browser’s language, the cookie locale_choice remembers
            that language code (nothing else) for one year, so the suggestion is not shown again. The session cookie of the guide’s
            admin login is strictly necessary and only set when an administrator signs in. There are no analytics, advertising or
            tracking cookies.
          </p>
        ),
      },
      ja: {
        title: 'Cookie（クッキー）',
        body: (
          <p>
            サイトの閲覧で Cookie が設定されることはありません。{stripeCookiesJa}
            当方が設定する Cookie は2つです。言語リンクで言語を選んだとき、またはブラウザの言語でページを読むかどうかの案内に答えたとき、Cookie「locale_choice」がその言語コードのみを1年間記憶し、案内が再び表示されないようにします。管理者ログイン用のセッション
            Cookie は、管理者がログインした場合にのみ設定されます。アクセス解析・広告・トラッキング用の Cookie は使用していません。
          </p>
        ),
      },
    },
    {
      id: 'security',
      en: {
        title: 'How we protect it',
        body: (
          <p>
            Only the guide’s administrators can see your details, after signing in with a password. Connections to this site are
            encrypted, and card details never touch our servers.
          </p>
        ),
      },
      ja: {
        title: '安全管理措置',
        body: <p>お客様の情報は、パスワードでログインした管理者のみが閲覧できます。本サイトとの通信は暗号化され、カード情報が当方のサーバーを経由することはありません。</p>,
      },
    },
  ]

  return (
    <main id="main">
      <section className="bg-brand-900 text-white" aria-labelledby="page-title">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 id="page-title" className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {t('privacy.meta.title')}
            <span lang="ja" className="mt-2 block text-2xl sm:text-3xl">
              個人情報の取り扱いについて
            </span>
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-brand-100">
            {t('privacy.lead')}
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <TranslatedSummary retention={retention} waitlist={waitlist} email={site.email} />
        <BindingNotice lang="en" heading="English" sections={sections} />
        <BindingNotice lang="ja" heading="日本語" sections={sections} className="mt-16 border-t border-brand-100 pt-12" />

        <p className="mt-12 text-slate-700">
          <T id="privacy.seeAlso" components={{ 0: <Link to={path('/legal')} className={linkStyle} />, 1: <Link to={path('/contact')} className={linkStyle} /> }} />
        </p>
      </div>
    </main>
  )
}

/**
 * In the languages the notice is not written in, a faithful summary first; the
 * Japanese and English notice below it is the binding text. English and Japanese readers have
 * the full notice in their language, so they get no summary.
 */
function TranslatedSummary({ retention, waitlist, email }: { retention: Route.ComponentProps['loaderData']['retention']; waitlist: Route.ComponentProps['loaderData']['waitlist']; email: string }) {
  const t = useT()
  const locale = useLocale()
  if (locale === 'en' || locale === 'ja') return null
  return (
    <section aria-labelledby="summary-heading" className="mb-16 rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <h2 id="summary-heading" className={sectionHeading}>
        {t('privacy.summary.title')}
      </h2>
      <p className="mt-3 font-semibold text-brand-900">{t('privacy.summary.note')}</p>
      <ul className="mt-4 list-disc space-y-2 pl-5 leading-relaxed text-slate-800">
        <li>{t('privacy.summary.collect')}</li>
        <li>{t('privacy.summary.processors')}</li>
        <li>{t('privacy.summary.retention', { ...retention })}</li>
        <li>{t('privacy.summary.waitlist', { hours: waitlist.confirmHours, count: waitlist.mailsPerAddressPerDay })}</li>
        <li>{t('privacy.summary.reviews')}</li>
        <li>{t('privacy.summary.vouchers')}</li>
        <li>{t('privacy.summary.receipts')}</li>
        <li>
          <T id="privacy.summary.rights" values={{ email }} components={{ 0: <a href={mailtoLink(email)} className={linkStyle} /> }} />
        </li>
        <li>{t('privacy.summary.cookies')}</li>
      </ul>
    </section>
  )
}
