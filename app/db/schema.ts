import type {
  PickupWindowTable,
  WeekdayCapacityTable,
  ClosedPeriodTable,
  BookingSettingsTable,
  DeliveryFeeRuleTable,
} from './schema/availability.ts'
import type { CustomerChangeTable, CustomerChangeDetailTable } from './schema/customer-changes.ts'
import type {
  CustomerApartTable,
  CustomerJoinTable,
  CustomerNoteTable,
} from './schema/customers.ts'
import type { DiscountCodeTable, DiscountCodeUseTable } from './schema/discounts.ts'
import type {
  DropSaleTable,
  DropSectionTable,
  DropItemTable,
  DropWindowTable,
  DropHoldTable,
  DropHoldLineTable,
  WaitlistEntryTable,
  DayWaitlistEntryTable,
} from './schema/drops.ts'
import type { GiftCardEntryTable, GiftCardTable } from './schema/gift-cards.ts'
import type {
  IngredientTable,
  KitchenSettingsTable,
  RecipeLineTable,
  RecipeTable,
  RecipeUseTable,
} from './schema/kitchen.ts'
import type { LabelNetTable, LabelSettingsTable, LabelSheetTable } from './schema/labels.ts'
import type { OutboxTable } from './schema/mail.ts'
import type {
  OrderBatchTable,
  OrderStatusCountTable,
  OrderRequestTable,
  RequestEventTable,
  RequestQuoteTable,
  PaymentTable,
  RefundTable,
  ReceiptTable,
  SetPriceOrderTable,
  SetPriceChoiceTable,
} from './schema/order-book.ts'
import type { PushSubscriptionTable, PushAlertTable } from './schema/owner-alerts.ts'
import type { CardCheckoutTable, StripeEventTable } from './schema/payments.ts'
import type {
  GalleryImageTable,
  InspirationPhotoTable,
  ProofRoundTable,
  ProofImageTable,
} from './schema/photos.ts'
import type {
  AppStateTable,
  RateLimitTable,
  SignInFailureTable,
  LeaseTable,
  PageVersionTable,
  BookingVersionTable,
} from './schema/shared.ts'
import type {
  ProductTable,
  ProductOptionGroupTable,
  ProductOptionChoiceTable,
  SiteContentTable,
  ReviewTable,
  ContactMessageTable,
} from './schema/site.ts'
import type { TaxClassRateTable, TaxClassTable, TaxRateTable } from './schema/taxes.ts'
import type { TextConsentTable, TextMessageTable } from './schema/texts.ts'

/** The database's tables as Kysely sees them; migrations.server.ts creates them. */
export interface Database {
  order_batch: OrderBatchTable
  order_request: OrderRequestTable
  order_status_count: OrderStatusCountTable
  contact_message: ContactMessageTable
  outbox: OutboxTable
  gallery_image: GalleryImageTable
  app_state: AppStateTable
  rate_limit: RateLimitTable
  sign_in_failure: SignInFailureTable
  lease: LeaseTable
  product: ProductTable
  product_option_group: ProductOptionGroupTable
  product_option_choice: ProductOptionChoiceTable
  delivery_fee_rule: DeliveryFeeRuleTable
  weekday_capacity: WeekdayCapacityTable
  pickup_window: PickupWindowTable
  closed_period: ClosedPeriodTable
  booking_settings: BookingSettingsTable
  inspiration_photo: InspirationPhotoTable
  request_event: RequestEventTable
  request_quote: RequestQuoteTable
  payment: PaymentTable
  card_checkout: CardCheckoutTable
  stripe_event: StripeEventTable
  refund: RefundTable
  receipt: ReceiptTable
  page_version: PageVersionTable
  booking_version: BookingVersionTable
  push_subscription: PushSubscriptionTable
  push_alert: PushAlertTable
  site_content: SiteContentTable
  proof_round: ProofRoundTable
  proof_image: ProofImageTable
  customer_change: CustomerChangeTable
  customer_change_detail: CustomerChangeDetailTable
  review: ReviewTable
  drop_sale: DropSaleTable
  drop_section: DropSectionTable
  drop_item: DropItemTable
  drop_window: DropWindowTable
  drop_hold: DropHoldTable
  drop_hold_line: DropHoldLineTable
  waitlist_entry: WaitlistEntryTable
  set_price_order: SetPriceOrderTable
  set_price_choice: SetPriceChoiceTable
  day_waitlist_entry: DayWaitlistEntryTable
  ingredient: IngredientTable
  recipe: RecipeTable
  recipe_line: RecipeLineTable
  recipe_use: RecipeUseTable
  kitchen_settings: KitchenSettingsTable
  label_settings: LabelSettingsTable
  label_net: LabelNetTable
  label_sheet: LabelSheetTable
  customer_note: CustomerNoteTable
  customer_join: CustomerJoinTable
  customer_apart: CustomerApartTable
  discount_code: DiscountCodeTable
  discount_code_use: DiscountCodeUseTable
  gift_card: GiftCardTable
  gift_card_entry: GiftCardEntryTable
  tax_rate: TaxRateTable
  tax_class: TaxClassTable
  tax_class_rate: TaxClassRateTable
  text_consent: TextConsentTable
  text_message: TextMessageTable
}

// Each group's tables and the types of their columns, as every importer has named them from here.
export type {
  OrderBatchTable,
  OrderStatusCountTable,
  OrderRequestTable,
  RequestStatus,
  RequestEventTable,
  RequestQuoteTable,
  PaymentTable,
  RefundTable,
  ReceiptTable,
  SetPriceOrderTable,
} from './schema/order-book.ts'
export type {
  DropSaleTable,
  DropSectionTable,
  DropItemTable,
  DropWindowTable,
  DropHoldState,
  DropHoldTable,
  DropHoldLineTable,
  WaitlistEntryTable,
  WaitlistState,
  DayWaitlistEntryTable,
  DayWaitlistState,
} from './schema/drops.ts'
export type { GiftCardEntryKind } from './schema/gift-cards.ts'
export type { CardCheckoutTable, StripeEventOutcome, StripeEventTable } from './schema/payments.ts'
export type {
  CustomerChangeKind,
  CustomerChangeStatus,
  CustomerChangeTable,
  CustomerChangeDetailTable,
} from './schema/customer-changes.ts'
export type { OutboxTopic, OutboxStatus, OutboxTable } from './schema/mail.ts'
export type {
  PickupWindowTable,
  WeekdayCapacityTable,
  ClosedPeriodTable,
  BookingSettingsTable,
} from './schema/availability.ts'
export type {
  GalleryImageTable,
  InspirationPhotoTable,
  ProofRoundTable,
  ProofImageTable,
} from './schema/photos.ts'
export type {
  ProductTable,
  ProductOptionGroupTable,
  ProductOptionChoiceTable,
  SiteContentTable,
  ReviewTable,
  ContactMessageTable,
} from './schema/site.ts'
export type {
  PushSubscriptionTable,
  PushAlertStatus,
  PushAlertTable,
} from './schema/owner-alerts.ts'
export type {
  AppStateTable,
  RateLimitTable,
  SignInFailureTable,
  LeaseTable,
  PageVersionTable,
  BookingVersionTable,
} from './schema/shared.ts'
export type {
  TextConsentTable,
  TextKind,
  TextMessageTable,
  TextPurpose,
  TextStatus,
} from './schema/texts.ts'
