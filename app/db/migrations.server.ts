import type { Migration } from 'kysely'
import { migration as m001 } from './migrations/001-orders-contact-outbox.ts'
import { migration as m002 } from './migrations/002-gallery.ts'
import { migration as m003 } from './migrations/003-gallery-upload-key.ts'
import { migration as m004 } from './migrations/004-outbox-lease-holder.ts'
import { migration as m005 } from './migrations/005-shared-limits.ts'
import { migration as m006 } from './migrations/006-lease.ts'
import { migration as m007 } from './migrations/007-products.ts'
import { migration as m008 } from './migrations/008-booking.ts'
import { migration as m009 } from './migrations/009-inspiration-photos.ts'
import { migration as m010 } from './migrations/010-order-book.ts'
import { migration as m011 } from './migrations/011-page-version.ts'
import { migration as m012 } from './migrations/012-answers-quote-declined-at.ts'
import { migration as m013 } from './migrations/013-guard-booking-version.ts'
import { migration as m014 } from './migrations/014-owner-request-version.ts'
import { migration as m015 } from './migrations/015-growth-indexes.ts'
import { migration as m016 } from './migrations/016-growth-search-trigrams.ts'
import { migration as m017 } from './migrations/017-streaming-quoted-requests.ts'
import { migration as m018 } from './migrations/018-growth-open-quotes.ts'
import { migration as m019 } from './migrations/019-growth-search-index.ts'
import { migration as m020 } from './migrations/020-payment-schedule.ts'
import { migration as m021 } from './migrations/021-pickup-request-handover.ts'
import { migration as m022 } from './migrations/022-pickup-windows.ts'
import { migration as m023 } from './migrations/023-fee-delivery-fee.ts'
import { migration as m024 } from './migrations/024-growth-status-counts.ts'
import { migration as m025 } from './migrations/025-receipts-refunds-and-numbers.ts'
import { migration as m026 } from './migrations/026-stripe-card-payments.ts'
import { migration as m027 } from './migrations/027-gallery-alt-text.ts'
import { migration as m028 } from './migrations/028-party-lead.ts'
import { migration as m029 } from './migrations/029-push-subscriptions-and-alerts.ts'
import { migration as m030 } from './migrations/030-refunds-payment-intent.ts'
import { migration as m031 } from './migrations/031-site-content.ts'
import { migration as m032 } from './migrations/032-party-refund-lowers-price.ts'
import { migration as m033 } from './migrations/033-proofs-rounds.ts'
import { migration as m034 } from './migrations/034-reviews-table.ts'
import { migration as m035 } from './migrations/035-self-service-changes.ts'
import { migration as m036 } from './migrations/036-self-service-policy.ts'
import { migration as m037 } from './migrations/037-more-alerts-new-kinds-on.ts'
import { migration as m038 } from './migrations/038-growth-newest-quote-columns.ts'
import { migration as m039 } from './migrations/039-policies-leave-rules-to-terms.ts'
import { migration as m040 } from './migrations/040-waiting-on-the-owner.ts'
import { migration as m041 } from './migrations/041-markdown-rendered-at-save.ts'
import { migration as m042 } from './migrations/042-customer-change-details.ts'
import { migration as m043 } from './migrations/043-booking-version-follows-pickup-window.ts'
import { migration as m044 } from './migrations/044-drops.ts'
import { migration as m045 } from './migrations/045-drop-orders.ts'
import { migration as m046 } from './migrations/046-waitlist.ts'
import { migration as m047 } from './migrations/047-option-prices.ts'
import { migration as m048 } from './migrations/048-offer-holds.ts'
import { migration as m049 } from './migrations/049-set-price-orders.ts'
import { migration as m050 } from './migrations/050-day-waitlist.ts'
import { migration as m051 } from './migrations/051-drop-orders-marked.ts'
import { migration as m052 } from './migrations/052-buy-now-sent-once.ts'
import { migration as m053 } from './migrations/053-kitchen.ts'
import { migration as m054 } from './migrations/054-labels.ts'
import { migration as m055 } from './migrations/055-sales-cap.ts'
import { migration as m056 } from './migrations/056-set-price-choices.ts'
import { migration as m057 } from './migrations/057-event-theme-holds.ts'
import { migration as m058 } from './migrations/058-customer-notes.ts'
import { migration as m059 } from './migrations/059-discount-codes.ts'
import { migration as m060 } from './migrations/060-card-fees.ts'
import { migration as m061 } from './migrations/061-texts.ts'
import { migration as m062 } from './migrations/062-customer-links.ts'
import { migration as m063 } from './migrations/063-taxes.ts'
import { migration as m064 } from './migrations/064-tax-numbers.ts'
import { migration as m065 } from './migrations/065-gift-cards.ts'
import { migration as m066 } from './migrations/066-tax-parts.ts'
import { migration as m067 } from './migrations/067-gift-card-fees.ts'
import { migration as m068 } from './migrations/068-choice-labels.ts'

/**
 * Every migration, one a file in ./migrations, in the order they run: each
 * name's number is its place here, counted from 001 with no gaps
 * (docs/decisions/089). Kysely runs them by name, and three digits sort as
 * numbers. Listed here, not read from the folder, so the server bundle
 * carries them. A new migration is a new file with the next number, added
 * at the end; never edit one that has shipped. SQLite and PostgreSQL run
 * this one history: where the two need different DDL, use the helpers in
 * portable-schema.server.ts (never a second history).
 */
export const MIGRATION_LIST: readonly (readonly [name: string, migration: Migration])[] = [
  ['001-orders-contact-outbox', m001],
  ['002-gallery', m002],
  ['003-gallery-upload-key', m003],
  ['004-outbox-lease-holder', m004],
  ['005-shared-limits', m005],
  ['006-lease', m006],
  ['007-products', m007],
  ['008-booking', m008],
  ['009-inspiration-photos', m009],
  ['010-order-book', m010],
  ['011-page-version', m011],
  ['012-answers-quote-declined-at', m012],
  ['013-guard-booking-version', m013],
  ['014-owner-request-version', m014],
  ['015-growth-indexes', m015],
  ['016-growth-search-trigrams', m016],
  ['017-streaming-quoted-requests', m017],
  ['018-growth-open-quotes', m018],
  ['019-growth-search-index', m019],
  ['020-payment-schedule', m020],
  ['021-pickup-request-handover', m021],
  ['022-pickup-windows', m022],
  ['023-fee-delivery-fee', m023],
  ['024-growth-status-counts', m024],
  ['025-receipts-refunds-and-numbers', m025],
  ['026-stripe-card-payments', m026],
  ['027-gallery-alt-text', m027],
  ['028-party-lead', m028],
  ['029-push-subscriptions-and-alerts', m029],
  ['030-refunds-payment-intent', m030],
  ['031-site-content', m031],
  ['032-party-refund-lowers-price', m032],
  ['033-proofs-rounds', m033],
  ['034-reviews-table', m034],
  ['035-self-service-changes', m035],
  ['036-self-service-policy', m036],
  ['037-more-alerts-new-kinds-on', m037],
  ['038-growth-newest-quote-columns', m038],
  ['039-policies-leave-rules-to-terms', m039],
  ['040-waiting-on-the-owner', m040],
  ['041-markdown-rendered-at-save', m041],
  ['042-customer-change-details', m042],
  ['043-booking-version-follows-pickup-window', m043],
  ['044-drops', m044],
  ['045-drop-orders', m045],
  ['046-waitlist', m046],
  ['047-option-prices', m047],
  ['048-offer-holds', m048],
  ['049-set-price-orders', m049],
  ['050-day-waitlist', m050],
  ['051-drop-orders-marked', m051],
  ['052-buy-now-sent-once', m052],
  ['053-kitchen', m053],
  ['054-labels', m054],
  ['055-sales-cap', m055],
  ['056-set-price-choices', m056],
  ['057-event-theme-holds', m057],
  ['058-customer-notes', m058],
  ['059-discount-codes', m059],
  ['060-card-fees', m060],
  ['061-texts', m061],
  ['062-customer-links', m062],
  ['063-taxes', m063],
  ['064-tax-numbers', m064],
  ['065-gift-cards', m065],
  ['066-tax-parts', m066],
  ['067-gift-card-fees', m067],
  ['068-choice-labels', m068],
]

export const migrations: Record<string, Migration> = Object.fromEntries(MIGRATION_LIST)
