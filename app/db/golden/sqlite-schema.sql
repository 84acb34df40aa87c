-- app_state
CREATE TABLE "app_state" ("key" text primary key, "value" text not null);

-- booking_settings
CREATE TABLE "booking_settings" ("id" integer primary key, "horizon_days" integer not null, "policies" text not null, "delivery_enabled" integer default 0 not null, "delivery_note" text default '' not null, "ical_key" text, "quote_expiry_days" integer default 3 not null, "balance_due_days" integer default 7 not null, "pickup_address" text default '' not null, "change_window_days" integer default 3 not null, "refund_cutoff_days" integer default 7 not null, "refund_before_percent" integer default 100 not null, "refund_after_percent" integer default 0 not null, "policies_html" text);

-- booking_settings_delete_page_version
CREATE TRIGGER booking_settings_delete_page_version after delete on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- booking_settings_insert_page_version
CREATE TRIGGER booking_settings_insert_page_version after insert on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- booking_settings_update_page_version
CREATE TRIGGER booking_settings_update_page_version after update on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- booking_version
CREATE TABLE "booking_version" ("id" integer primary key, "token" text not null);

-- card_checkout
CREATE TABLE "card_checkout" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "session_id" text not null, "kind" text not null, "amount_cents" integer not null, "currency" text not null, "created_at" integer not null);

-- card_checkout_request
CREATE INDEX "card_checkout_request" on "card_checkout" ("request_id");

-- card_checkout_session
CREATE UNIQUE INDEX "card_checkout_session" on "card_checkout" ("session_id");

-- closed_period
CREATE TABLE "closed_period" ("id" integer primary key autoincrement, "start_date" text not null, "end_date" text not null, "note" text default '' not null);

-- closed_period_delete_page_version
CREATE TRIGGER closed_period_delete_page_version after delete on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- closed_period_insert_page_version
CREATE TRIGGER closed_period_insert_page_version after insert on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- closed_period_update_page_version
CREATE TRIGGER closed_period_update_page_version after update on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- contact_message
CREATE TABLE "contact_message" ("id" integer primary key autoincrement, "created_at" text not null, "name" text not null, "email" text not null, "phone_number" text not null, "message" text not null, "handled_at" text);

-- contact_message_open
CREATE INDEX contact_message_open on contact_message (id) where handled_at is null;

-- customer_apart
CREATE TABLE "customer_apart" ("handle" text primary key, "created_at" integer not null);

-- customer_change
CREATE TABLE "customer_change" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "kind" text not null, "status" text not null, "new_date" text, "new_window" text, "details" text default '' not null, "answer_note" text default '' not null, "refund_cents" integer default 0 not null, "card_refund_cents" integer default 0 not null, "created_at" integer not null, "answered_at" integer, "made" text default '' not null, "gift_card_refund_cents" integer default 0 not null);

-- customer_change_detail
CREATE TABLE "customer_change_detail" ("id" integer primary key autoincrement, "change_id" integer not null references "customer_change" ("id") on delete cascade, "request_id" integer not null references "order_request" ("id") on delete cascade, "field" text not null, "value" text not null);

-- customer_change_detail_one
CREATE UNIQUE INDEX "customer_change_detail_one" on "customer_change_detail" ("change_id", "request_id", "field");

-- customer_change_one_cancel
CREATE UNIQUE INDEX customer_change_one_cancel on customer_change (request_id) where kind = 'cancel';

-- customer_change_one_open
CREATE UNIQUE INDEX customer_change_one_open on customer_change (request_id) where kind = 'change' and status = 'open';

-- customer_change_request
CREATE INDEX "customer_change_request" on "customer_change" ("request_id");

-- customer_change_send_back
CREATE INDEX customer_change_send_back on customer_change (request_id) where kind = 'cancel' and refund_cents > card_refund_cents;

-- customer_join
CREATE TABLE "customer_join" ("id" integer primary key autoincrement, "request_a" integer not null, "request_b" integer not null, "created_at" integer not null, constraint "customer_join_pair" unique ("request_a", "request_b"));

-- customer_note
CREATE TABLE "customer_note" ("email" text primary key, "note" text not null, "updated_at" integer not null);

-- day_waitlist_entry
CREATE TABLE "day_waitlist_entry" ("id" integer primary key autoincrement, "due_date" text not null, "product_type" text not null, "effort" integer not null check (effort >= 1), "email" text not null, "created_at" integer not null, "state" text default 'waiting' not null check (state in ('waiting', 'offered', 'done')), "kept_until" integer, "offer_token" text unique, constraint "day_waitlist_entry_once" unique ("due_date", "email"));

-- day_waitlist_entry_state
CREATE INDEX "day_waitlist_entry_state" on "day_waitlist_entry" ("state", "due_date", "id");

-- delivery_fee_rule
CREATE TABLE "delivery_fee_rule" ("id" integer primary key autoincrement, "prefix" text not null unique, "fee_cents" integer not null check (fee_cents >= 0));

-- delivery_fee_rule_delete_page_version
CREATE TRIGGER delivery_fee_rule_delete_page_version after delete on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- delivery_fee_rule_insert_page_version
CREATE TRIGGER delivery_fee_rule_insert_page_version after insert on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- delivery_fee_rule_update_page_version
CREATE TRIGGER delivery_fee_rule_update_page_version after update on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- discount_code
CREATE TABLE "discount_code" ("id" integer primary key autoincrement, "code" text not null unique, "kind" text not null check (kind in ('amount', 'percent')), "value" integer not null check (value > 0), "min_price_cents" integer, "first_order_only" integer default 0 not null, "once_per_customer" integer default 0 not null, "starts_on" text, "ends_on" text, "max_uses" integer, "uses" integer default 0 not null check (uses >= 0), "created_at" integer not null, "retired_at" integer);

-- discount_code_use
CREATE TABLE "discount_code_use" ("request_id" integer primary key references "order_request" ("id") on delete cascade, "code_id" integer not null references "discount_code" ("id") on delete cascade, "used_at" integer not null);

-- discount_code_use_code
CREATE INDEX "discount_code_use_code" on "discount_code_use" ("code_id");

-- drop_hold
CREATE TABLE "drop_hold" ("id" integer primary key autoincrement, "drop_id" integer not null references "drop_sale" ("id"), "token" text not null unique, "name" text not null, "email" text not null, "phone" text not null, "pickup_window" text not null, "created_at" integer not null, "expires_at" integer not null, "extensions" integer default 0 not null, "state" text default 'held' not null check (state in ('held', 'ordered', 'released')), "request_id" integer references "order_request" ("id"), "offered" integer default 0 not null);

-- drop_hold_email
CREATE INDEX "drop_hold_email" on "drop_hold" ("email");

-- drop_hold_line
CREATE TABLE "drop_hold_line" ("id" integer primary key autoincrement, "hold_id" integer not null references "drop_hold" ("id") on delete cascade, "item_id" integer not null references "drop_item" ("id"), "quantity" integer not null check (quantity > 0), constraint "drop_hold_line_item" unique ("hold_id", "item_id"));

-- drop_hold_request
CREATE UNIQUE INDEX "drop_hold_request" on "drop_hold" ("request_id");

-- drop_hold_taking
CREATE INDEX "drop_hold_taking" on "drop_hold" ("drop_id", "state", "expires_at");

-- drop_item
CREATE TABLE "drop_item" ("id" integer primary key autoincrement, "drop_id" integer not null references "drop_sale" ("id") on delete cascade, "section_id" integer references "drop_section" ("id"), "product_id" integer references "product" ("id"), "name" text not null, "description" text default '' not null, "price_cents" integer not null check (price_cents >= 0), "stock" integer not null check (stock >= 0), "per_customer_limit" integer check (per_customer_limit is null or per_customer_limit > 0), "effort" integer default 0 not null check (effort >= 0), "position" integer not null);

-- drop_item_delete_page_version
CREATE TRIGGER drop_item_delete_page_version after delete on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_item_insert_page_version
CREATE TRIGGER drop_item_insert_page_version after insert on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_item_update_page_version
CREATE TRIGGER drop_item_update_page_version after update on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_sale
CREATE TABLE "drop_sale" ("id" integer primary key autoincrement, "slug" text not null unique, "name" text not null, "description" text default '' not null, "pickup_date" text not null, "opens_at" integer not null, "closes_at" integer not null, "hold_minutes" integer default 10 not null check (hold_minutes between 1 and 60), "pay_at_pickup" integer default 0 not null, "created_at" integer not null, constraint "drop_sale_opens_before_closing" check (opens_at < closes_at));

-- drop_sale_delete_page_version
CREATE TRIGGER drop_sale_delete_page_version after delete on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_sale_insert_page_version
CREATE TRIGGER drop_sale_insert_page_version after insert on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_sale_update_page_version
CREATE TRIGGER drop_sale_update_page_version after update on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_section
CREATE TABLE "drop_section" ("id" integer primary key autoincrement, "drop_id" integer not null references "drop_sale" ("id") on delete cascade, "name" text not null, "stock" integer not null check (stock >= 0), "position" integer not null);

-- drop_section_delete_page_version
CREATE TRIGGER drop_section_delete_page_version after delete on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_section_insert_page_version
CREATE TRIGGER drop_section_insert_page_version after insert on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_section_update_page_version
CREATE TRIGGER drop_section_update_page_version after update on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_window
CREATE TABLE "drop_window" ("id" integer primary key autoincrement, "drop_id" integer not null references "drop_sale" ("id") on delete cascade, "start_time" text not null, "end_time" text not null, "capacity" integer check (capacity is null or capacity >= 0));

-- drop_window_delete_page_version
CREATE TRIGGER drop_window_delete_page_version after delete on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_window_insert_page_version
CREATE TRIGGER drop_window_insert_page_version after insert on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- drop_window_start
CREATE UNIQUE INDEX "drop_window_start" on "drop_window" ("drop_id", "start_time");

-- drop_window_update_page_version
CREATE TRIGGER drop_window_update_page_version after update on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- gallery_image
CREATE TABLE "gallery_image" ("id" integer primary key autoincrement, "file_name" text not null unique, "tags" text not null, "uploaded_at" text not null, "original_size" integer not null, "compressed_size" integer not null, "width" integer not null, "height" integer not null, "variants" text not null, "placeholder" text not null, "stored_bytes" integer not null, "upload_key" text, "alt_text" text, "caption" text, "version" integer default 1 not null);

-- gallery_image_delete_page_version
CREATE TRIGGER gallery_image_delete_page_version after delete on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- gallery_image_insert_page_version
CREATE TRIGGER gallery_image_insert_page_version after insert on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- gallery_image_update_page_version
CREATE TRIGGER gallery_image_update_page_version after update on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- gallery_image_upload_key
CREATE UNIQUE INDEX "gallery_image_upload_key" on "gallery_image" ("upload_key");

-- gift_card
CREATE TABLE "gift_card" ("id" integer primary key autoincrement, "code" text unique, "amount_cents" integer not null check (amount_cents > 0), "currency" text not null, "buyer_name" text not null, "buyer_email" text not null, "recipient_name" text not null, "recipient_email" text not null, "message" text default '' not null, "checkout_session_id" text not null unique, "payment_intent_id" text, "created_at" integer not null, "paid_at" integer, "fee_cents" integer, "fee_asked_at" integer);

-- gift_card_entry
CREATE TABLE "gift_card_entry" ("id" integer primary key autoincrement, "gift_card_id" integer not null references "gift_card" ("id") on delete cascade, "kind" text not null check (kind in ('bought', 'spent', 'returned', 'refunded')), "cents" integer not null, "payment_id" integer unique references "payment" ("id") on delete set null, "refund_id" integer unique references "refund" ("id") on delete set null, "stripe_refund_id" text unique, "request_id" integer references "order_request" ("id") on delete set null, "created_at" integer not null);

-- gift_card_entry_card
CREATE INDEX "gift_card_entry_card" on "gift_card_entry" ("gift_card_id", "id");

-- gift_card_recent
CREATE INDEX "gift_card_recent" on "gift_card" ("paid_at", "id");

-- ingredient
CREATE TABLE "ingredient" ("id" integer primary key autoincrement, "name" text not null, "name_key" text not null unique, "pack_amount" text not null, "pack_unit" text not null, "pack_price_cents" integer not null check (pack_price_cents >= 0), "density" text, "allergens" text default '' not null, "pantry_amount" text, "updated_at" integer not null, "contents" text default '' not null, "piece_grams" text);

-- inspiration_photo
CREATE TABLE "inspiration_photo" ("id" integer primary key autoincrement, "key" text not null unique, "created_at" integer not null, "request_id" integer references "order_request" ("id") on delete set null, "width" integer not null, "height" integer not null, "variants" text not null, "stored_bytes" integer not null, "preview" text not null);

-- inspiration_photo_created
CREATE INDEX "inspiration_photo_created" on "inspiration_photo" ("created_at");

-- inspiration_photo_request
CREATE INDEX "inspiration_photo_request" on "inspiration_photo" ("request_id");

-- kitchen_settings
CREATE TABLE "kitchen_settings" ("id" integer primary key check (id = 1), "hourly_rate_cents" integer not null check (hourly_rate_cents >= 0), "target_margin_percent" integer not null check (target_margin_percent between 0 and 95));

-- label_net
CREATE TABLE "label_net" ("id" integer primary key autoincrement, "product_id" integer unique references "product" ("id") on delete cascade, "drop_item_id" integer unique references "drop_item" ("id") on delete cascade, "grams" text not null, constraint "label_net_one_thing" check ((product_id is null) <> (drop_item_id is null)));

-- label_settings
CREATE TABLE "label_settings" ("id" integer primary key check (id = 1), "region" text default '' not null, "permit" text default '' not null, "maker" text default '' not null, "layout" text default 'avery-5163' not null, "sales_cap_cents" integer check (sales_cap_cents >= 0));

-- label_sheet
CREATE TABLE "label_sheet" ("id" integer primary key autoincrement, "request_id" integer unique references "order_request" ("id") on delete cascade, "drop_id" integer unique references "drop_sale" ("id") on delete cascade, "made_on" text not null, "labels" text not null, "created_at" integer not null, constraint "label_sheet_one_thing" check ((request_id is null) <> (drop_id is null)));

-- lease
CREATE TABLE "lease" ("name" text primary key, "holder" text not null, "until" integer not null);

-- order_batch
CREATE TABLE "order_batch" ("id" integer primary key autoincrement, "created_at" text not null, "order_count" integer not null, "handled_at" text, "accepted_policies" text, "accepted_policies_html" text);

-- order_request
CREATE TABLE "order_request" ("id" integer primary key autoincrement, "batch_id" integer not null references "order_batch" ("id") on delete cascade, "position" integer not null, "name" text not null, "email" text not null, "phone_number" text not null, "product_type" text not null, "event_theme" text not null, "due_date" text not null, "hear_about_us" text not null, "comments" text, "status" text default 'new' not null, "effort" integer default 1 not null, "servings" text, "allergies" text, "fulfilment" text, "customer_token" text, "deposit_waived" integer default 0 not null, "decline_reason" text, "version" integer default 0 not null, "payment_reference" text, "pickup_window" text, "delivery_street" text, "delivery_city" text, "delivery_postal_code" text, "delivery_notes" text, "party_lead_id" integer, "event_theme_holds" text default 'event' not null check (event_theme_holds in ('event', 'choices')), "discount_cents" integer default 0 not null, "discount_code" text);

-- order_request_batch
CREATE INDEX "order_request_batch" on "order_request" ("batch_id", "position");

-- order_request_customer_token
CREATE INDEX "order_request_customer_token" on "order_request" ("customer_token");

-- order_request_delete_booking_version
CREATE TRIGGER order_request_delete_booking_version after delete on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- order_request_due_date_effort
CREATE INDEX "order_request_due_date_effort" on "order_request" ("due_date", "status", "effort");

-- order_request_insert_booking_version
CREATE TRIGGER order_request_insert_booking_version after insert on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- order_request_party_lead
CREATE INDEX "order_request_party_lead" on "order_request" ("party_lead_id");

-- order_request_payment_reference
CREATE UNIQUE INDEX "order_request_payment_reference" on "order_request" ("payment_reference");

-- order_request_quoted
CREATE INDEX "order_request_quoted" on "order_request" ("id", "deposit_waived", "due_date") where "status" = 'quoted';

-- order_request_search
CREATE VIRTUAL TABLE order_request_search using fts5(
        name, email, content = 'order_request', content_rowid = 'id', tokenize = 'trigram');

-- order_request_search_config
CREATE TABLE 'order_request_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- order_request_search_data
CREATE TABLE 'order_request_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- order_request_search_delete
CREATE TRIGGER order_request_search_delete after delete on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
      end;

-- order_request_search_docsize
CREATE TABLE 'order_request_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- order_request_search_idx
CREATE TABLE 'order_request_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- order_request_search_insert
CREATE TRIGGER order_request_search_insert after insert on order_request begin
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end;

-- order_request_search_update
CREATE TRIGGER order_request_search_update after update of name, email on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end;

-- order_request_status
CREATE INDEX "order_request_status" on "order_request" ("status", "due_date", "effort");

-- order_request_update_booking_version
CREATE TRIGGER order_request_update_booking_version after update of due_date, status, effort, pickup_window on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- order_request_window
CREATE INDEX "order_request_window" on "order_request" ("due_date", "pickup_window") where "pickup_window" is not null;

-- order_status_count
CREATE TABLE "order_status_count" ("status" text primary key, "count" integer not null);

-- order_status_count_delete
CREATE TRIGGER order_status_count_delete after delete on order_request
          begin update order_status_count set count = count - 1 where status = old.status; end;

-- order_status_count_insert
CREATE TRIGGER order_status_count_insert after insert on order_request
          begin insert into order_status_count (status, count) values (new.status, 1)
          on conflict (status) do update set count = count + 1; end;

-- order_status_count_update
CREATE TRIGGER order_status_count_update after update of status on order_request
          when old.status <> new.status begin update order_status_count set count = count - 1 where status = old.status; insert into order_status_count (status, count) values (new.status, 1)
          on conflict (status) do update set count = count + 1; end;

-- outbox
CREATE TABLE "outbox" ("id" integer primary key autoincrement, "topic" text not null, "subject_id" integer not null, "payload" text not null, "status" text default 'queued' not null, "attempts" integer default 0 not null, "created_at" integer not null, "next_attempt_at" integer not null, "lease_until" integer, "last_error" text, "sent_at" integer, "lease_holder" text, "lease_boot" text, "dedupe_key" text, constraint "outbox_status" check (status in ('queued', 'sending', 'sent', 'failed')));

-- outbox_dedupe_key
CREATE UNIQUE INDEX "outbox_dedupe_key" on "outbox" ("dedupe_key");

-- outbox_due
CREATE INDEX "outbox_due" on "outbox" ("status", "next_attempt_at");

-- outbox_subject
CREATE INDEX "outbox_subject" on "outbox" ("topic", "subject_id");

-- page_version
CREATE TABLE "page_version" ("id" integer primary key, "token" text not null);

-- payment
CREATE TABLE "payment" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "amount_cents" integer not null, "received_on" text not null, "method" text default '' not null, "created_at" integer not null, "checkout_session_id" text, "payment_intent_id" text, "fee_cents" integer, "fee_asked_at" integer, "tax_cents" integer);

-- payment_checkout_session
CREATE UNIQUE INDEX "payment_checkout_session" on "payment" ("checkout_session_id");

-- payment_payment_intent
CREATE UNIQUE INDEX "payment_payment_intent" on "payment" ("payment_intent_id");

-- payment_request
CREATE INDEX "payment_request" on "payment" ("request_id");

-- pickup_window
CREATE TABLE "pickup_window" ("id" integer primary key autoincrement, "weekday" integer not null, "start_time" text not null, "end_time" text not null, "capacity" integer not null);

-- pickup_window_delete_page_version
CREATE TRIGGER pickup_window_delete_page_version after delete on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- pickup_window_insert_page_version
CREATE TRIGGER pickup_window_insert_page_version after insert on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- pickup_window_update_page_version
CREATE TRIGGER pickup_window_update_page_version after update on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- pickup_window_weekday_start
CREATE UNIQUE INDEX "pickup_window_weekday_start" on "pickup_window" ("weekday", "start_time");

-- product
CREATE TABLE "product" ("id" integer primary key autoincrement, "name" text not null unique, "description" text default '' not null, "price_from_cents" integer, "notice_days" integer default 0 not null, "effort" integer default 1 not null, "active" integer default 1 not null, "position" integer not null, "set_price_cents" integer check (set_price_cents is null or set_price_cents >= 0), "rush_within_days" integer default 0 not null, "rush_fee_cents" integer default 0 not null, "sells_now" integer default 0 not null, "pay_at_pickup" integer default 0 not null, "tax_class_id" integer references "tax_class" ("id") on delete set null);

-- product_delete_page_version
CREATE TRIGGER product_delete_page_version after delete on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_insert_page_version
CREATE TRIGGER product_insert_page_version after insert on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_choice
CREATE TABLE "product_option_choice" ("id" integer primary key autoincrement, "group_id" integer not null references "product_option_group" ("id") on delete cascade, "key" text not null, "label" text not null, "price_cents" integer default 0 not null, "quote_needed" integer default 0 not null, "position" integer not null, constraint "product_option_choice_key" unique ("group_id", "key"));

-- product_option_choice_delete_page_version
CREATE TRIGGER product_option_choice_delete_page_version after delete on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_choice_insert_page_version
CREATE TRIGGER product_option_choice_insert_page_version after insert on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_choice_update_page_version
CREATE TRIGGER product_option_choice_update_page_version after update on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_group
CREATE TABLE "product_option_group" ("id" integer primary key autoincrement, "product_id" integer not null references "product" ("id") on delete cascade, "key" text not null, "label" text not null, "kind" text not null check (kind in ('choice', 'text')), "required" integer default 0 not null, "price_cents" integer default 0 not null, "position" integer not null, constraint "product_option_group_key" unique ("product_id", "key"));

-- product_option_group_delete_page_version
CREATE TRIGGER product_option_group_delete_page_version after delete on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_group_insert_page_version
CREATE TRIGGER product_option_group_insert_page_version after insert on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_option_group_update_page_version
CREATE TRIGGER product_option_group_update_page_version after update on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- product_update_page_version
CREATE TRIGGER product_update_page_version after update on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- proof_image
CREATE TABLE "proof_image" ("id" integer primary key autoincrement, "key" text not null unique, "round_id" integer not null references "proof_round" ("id") on delete cascade, "position" integer not null, "width" integer not null, "height" integer not null, "variants" text not null, "stored_bytes" integer not null, "preview" text not null);

-- proof_image_round
CREATE INDEX "proof_image_round" on "proof_image" ("round_id", "position");

-- proof_round
CREATE TABLE "proof_round" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "number" integer not null, "note" text not null, "sent_at" integer not null, "answer" text, "answer_note" text, "answered_at" integer, constraint "proof_round_request_number" unique ("request_id", "number"));

-- proof_round_change_asked
CREATE INDEX proof_round_change_asked on proof_round (request_id, number) where answer = 'change';

-- push_alert
CREATE TABLE "push_alert" ("id" integer primary key autoincrement, "subscription_id" integer not null references "push_subscription" ("id") on delete cascade, "kind" text not null, "dedupe_key" text not null unique, "payload" text, "status" text default 'queued' not null, "attempts" integer default 0 not null, "created_at" integer not null, "next_attempt_at" integer not null, "lease_until" integer, "sent_at" integer, "last_error" text);

-- push_alert_due
CREATE INDEX "push_alert_due" on "push_alert" ("status", "next_attempt_at");

-- push_alert_subscription
CREATE INDEX "push_alert_subscription" on "push_alert" ("subscription_id");

-- push_subscription
CREATE TABLE "push_subscription" ("id" integer primary key autoincrement, "endpoint" text not null unique, "p256dh" text not null, "auth" text not null, "user_id" text not null, "device_label" text default '' not null, "kinds" text not null, "created_at" integer not null, "last_success_at" integer, "failures" integer default 0 not null);

-- rate_limit
CREATE TABLE "rate_limit" ("key" text primary key, "hits" text not null, "expires_at" integer not null);

-- rate_limit_expires
CREATE INDEX "rate_limit_expires" on "rate_limit" ("expires_at");

-- receipt
CREATE TABLE "receipt" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "created_at" integer not null);

-- receipt_request
CREATE UNIQUE INDEX "receipt_request" on "receipt" ("request_id");

-- recipe
CREATE TABLE "recipe" ("id" integer primary key autoincrement, "name" text not null, "name_key" text not null unique, "yield_amount" text not null, "yield_unit" text not null, "labour_minutes" integer default 0 not null check (labour_minutes >= 0), "packaging_cents" integer default 0 not null check (packaging_cents >= 0), "bake_rank" integer default 0 not null, "updated_at" integer not null);

-- recipe_line
CREATE TABLE "recipe_line" ("id" integer primary key autoincrement, "recipe_id" integer not null references "recipe" ("id") on delete cascade, "position" integer not null, "ingredient_id" integer references "ingredient" ("id") on delete restrict, "sub_recipe_id" integer references "recipe" ("id") on delete restrict, "amount" text not null, "unit" text not null, constraint "recipe_line_one_thing" check ((ingredient_id is null) <> (sub_recipe_id is null)));

-- recipe_line_ingredient
CREATE INDEX "recipe_line_ingredient" on "recipe_line" ("ingredient_id");

-- recipe_line_of_recipe
CREATE INDEX "recipe_line_of_recipe" on "recipe_line" ("recipe_id", "position");

-- recipe_line_sub
CREATE INDEX "recipe_line_sub" on "recipe_line" ("sub_recipe_id");

-- recipe_use
CREATE TABLE "recipe_use" ("id" integer primary key autoincrement, "product_id" integer references "product" ("id") on delete cascade, "option_key" text, "drop_item_id" integer references "drop_item" ("id") on delete cascade, "recipe_id" integer not null references "recipe" ("id") on delete restrict, "batches" text not null, constraint "recipe_use_one_thing" check ((product_id is null) <> (drop_item_id is null) and (option_key is null or product_id is not null)));

-- recipe_use_drop_item_id
CREATE INDEX "recipe_use_drop_item_id" on "recipe_use" ("drop_item_id");

-- recipe_use_product_id
CREATE INDEX "recipe_use_product_id" on "recipe_use" ("product_id");

-- recipe_use_recipe_id
CREATE INDEX "recipe_use_recipe_id" on "recipe_use" ("recipe_id");

-- refund
CREATE TABLE "refund" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "payment_id" integer references "payment" ("id") on delete set null, "amount_cents" integer not null, "refunded_on" text not null, "method" text default '' not null, "reason" text default '' not null, "stripe_refund_id" text, "created_at" integer not null, "lowered_to_cents" integer, "tax_cents" integer);

-- refund_request
CREATE INDEX "refund_request" on "refund" ("request_id");

-- refund_stripe_refund_id
CREATE UNIQUE INDEX "refund_stripe_refund_id" on "refund" ("stripe_refund_id");

-- request_event
CREATE TABLE "request_event" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "at" integer not null, "from_status" text, "to_status" text not null, "actor" text not null, "note" text);

-- request_event_request
CREATE INDEX "request_event_request" on "request_event" ("request_id", "at");

-- request_quote
CREATE TABLE "request_quote" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "created_at" integer not null, "price_cents" integer not null, "deposit_cents" integer not null, "deposit_due" text, "payment_instructions" text default '' not null, "message" text default '' not null, "expires_at" integer not null, "accepted_at" integer, "declined_at" integer, "balance_due" text, "delivery_fee_cents" integer default 0 not null, "line_cents" integer, "taxes" text default '[]' not null);

-- request_quote_balance_due
CREATE INDEX "request_quote_balance_due" on "request_quote" ("balance_due") where "balance_due" is not null;

-- request_quote_request
CREATE INDEX "request_quote_request" on "request_quote" ("request_id", "id", "deposit_cents", "deposit_due", "accepted_at", "expires_at");

-- review
CREATE TABLE "review" ("id" integer primary key autoincrement, "request_id" integer not null unique references "order_request" ("id"), "rating" integer not null check (rating between 1 and 5), "words" text not null, "display_name" text not null, "may_show" integer default 0 not null, "shown" integer default 0 not null, "created_at" integer not null, "updated_at" integer not null, "shown_at" integer, "decided_at" integer);

-- review_delete_page_version
CREATE TRIGGER review_delete_page_version after delete on review when old.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- review_insert_page_version
CREATE TRIGGER review_insert_page_version after insert on review when new.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- review_shown
CREATE INDEX "review_shown" on "review" ("shown", "shown_at");

-- review_to_decide
CREATE INDEX review_to_decide on review (created_at) where may_show = 1 and decided_at is null;

-- review_update_page_version
CREATE TRIGGER review_update_page_version after update on review when old.shown <> new.shown or new.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- set_price_choice
CREATE TABLE "set_price_choice" ("id" integer primary key autoincrement, "request_id" integer not null references "order_request" ("id") on delete cascade, "group_key" text not null, "choice_key" text not null, "label" text);

-- set_price_choice_request
CREATE INDEX "set_price_choice_request" on "set_price_choice" ("request_id");

-- set_price_order
CREATE TABLE "set_price_order" ("request_id" integer primary key references "order_request" ("id") on delete cascade, "product_id" integer references "product" ("id") on delete set null, "unpaid_until" integer, "send_id" text);

-- set_price_order_send
CREATE UNIQUE INDEX "set_price_order_send" on "set_price_order" ("send_id") where "send_id" is not null;

-- set_price_order_unpaid
CREATE INDEX "set_price_order_unpaid" on "set_price_order" ("unpaid_until") where "unpaid_until" is not null;

-- sign_in_failure
CREATE TABLE "sign_in_failure" ("key" text not null, "failed_at" integer not null, "id" text not null, constraint "sign_in_failure_pk" primary key ("key", "failed_at", "id"));

-- sign_in_failure_failed_at
CREATE INDEX "sign_in_failure_failed_at" on "sign_in_failure" ("failed_at");

-- site_content
CREATE TABLE "site_content" ("key" text primary key, "value" text not null, "updated_at" integer not null, "html" text);

-- site_content_delete_page_version
CREATE TRIGGER site_content_delete_page_version after delete on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- site_content_insert_page_version
CREATE TRIGGER site_content_insert_page_version after insert on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- site_content_update_page_version
CREATE TRIGGER site_content_update_page_version after update on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- sqlite_autoindex_app_state_1
-- made by SQLite;

-- sqlite_autoindex_customer_apart_1
-- made by SQLite;

-- sqlite_autoindex_customer_join_1
-- made by SQLite;

-- sqlite_autoindex_customer_note_1
-- made by SQLite;

-- sqlite_autoindex_day_waitlist_entry_1
-- made by SQLite;

-- sqlite_autoindex_day_waitlist_entry_2
-- made by SQLite;

-- sqlite_autoindex_delivery_fee_rule_1
-- made by SQLite;

-- sqlite_autoindex_discount_code_1
-- made by SQLite;

-- sqlite_autoindex_drop_hold_1
-- made by SQLite;

-- sqlite_autoindex_drop_hold_line_1
-- made by SQLite;

-- sqlite_autoindex_drop_sale_1
-- made by SQLite;

-- sqlite_autoindex_gallery_image_1
-- made by SQLite;

-- sqlite_autoindex_gift_card_1
-- made by SQLite;

-- sqlite_autoindex_gift_card_2
-- made by SQLite;

-- sqlite_autoindex_gift_card_entry_1
-- made by SQLite;

-- sqlite_autoindex_gift_card_entry_2
-- made by SQLite;

-- sqlite_autoindex_gift_card_entry_3
-- made by SQLite;

-- sqlite_autoindex_ingredient_1
-- made by SQLite;

-- sqlite_autoindex_inspiration_photo_1
-- made by SQLite;

-- sqlite_autoindex_kysely_migration_1
-- made by SQLite;

-- sqlite_autoindex_kysely_migration_lock_1
-- made by SQLite;

-- sqlite_autoindex_label_net_1
-- made by SQLite;

-- sqlite_autoindex_label_net_2
-- made by SQLite;

-- sqlite_autoindex_label_sheet_1
-- made by SQLite;

-- sqlite_autoindex_label_sheet_2
-- made by SQLite;

-- sqlite_autoindex_lease_1
-- made by SQLite;

-- sqlite_autoindex_order_status_count_1
-- made by SQLite;

-- sqlite_autoindex_product_1
-- made by SQLite;

-- sqlite_autoindex_product_option_choice_1
-- made by SQLite;

-- sqlite_autoindex_product_option_group_1
-- made by SQLite;

-- sqlite_autoindex_proof_image_1
-- made by SQLite;

-- sqlite_autoindex_proof_round_1
-- made by SQLite;

-- sqlite_autoindex_push_alert_1
-- made by SQLite;

-- sqlite_autoindex_push_subscription_1
-- made by SQLite;

-- sqlite_autoindex_rate_limit_1
-- made by SQLite;

-- sqlite_autoindex_recipe_1
-- made by SQLite;

-- sqlite_autoindex_review_1
-- made by SQLite;

-- sqlite_autoindex_sign_in_failure_1
-- made by SQLite;

-- sqlite_autoindex_site_content_1
-- made by SQLite;

-- sqlite_autoindex_stripe_event_1
-- made by SQLite;

-- sqlite_autoindex_tax_class_rate_1
-- made by SQLite;

-- sqlite_autoindex_text_consent_1
-- made by SQLite;

-- sqlite_autoindex_text_message_1
-- made by SQLite;

-- sqlite_autoindex_waitlist_entry_1
-- made by SQLite;

-- sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- stripe_event
CREATE TABLE "stripe_event" ("id" text primary key, "type" text not null, "outcome" text not null, "note" text default '' not null, "request_id" integer references "order_request" ("id") on delete set null, "payment_reference" text, "session_id" text, "amount_cents" integer, "currency" text, "created_at" integer not null, "handled_at" integer);

-- stripe_event_needs_look
CREATE INDEX "stripe_event_needs_look" on "stripe_event" ("outcome", "handled_at", "created_at");

-- tax_class
CREATE TABLE "tax_class" ("id" integer primary key autoincrement, "name" text not null, "rule" text default '' not null, "drop_items" integer default 0 not null, "position" integer not null);

-- tax_class_rate
CREATE TABLE "tax_class_rate" ("class_id" integer not null references "tax_class" ("id") on delete cascade, "rate_id" integer not null references "tax_rate" ("id") on delete cascade, constraint "tax_class_rate_pk" primary key ("class_id", "rate_id"));

-- tax_rate
CREATE TABLE "tax_rate" ("id" integer primary key autoincrement, "name" text not null, "ppm" integer not null, "position" integer not null, "number" text default '' not null);

-- text_consent
CREATE TABLE "text_consent" ("phone" text not null, "purpose" text not null check (purpose in ('orders', 'drops')), "asked_at" integer, "given_at" integer, "given_where" text, "withdrawn_at" integer, "withdrawn_how" text, constraint "text_consent_key" primary key ("phone", "purpose"));

-- text_message
CREATE TABLE "text_message" ("id" integer primary key autoincrement, "kind" text not null check (kind in ('day-before', 'soon', 'ready', 'drop-open', 'confirm', 'test')), "phone" text not null, "body" text not null, "dedupe_key" text not null unique, "status" text default 'queued' not null, "attempts" integer default 0 not null, "created_at" integer not null, "next_attempt_at" integer not null, "lease_until" integer, "send_before" integer, "sent_at" integer, "provider_id" text, "last_error" text);

-- text_message_due
CREATE INDEX "text_message_due" on "text_message" ("status", "next_attempt_at");

-- text_message_phone
CREATE INDEX "text_message_phone" on "text_message" ("phone");

-- waitlist_entry
CREATE TABLE "waitlist_entry" ("id" integer primary key autoincrement, "drop_id" integer not null references "drop_sale" ("id") on delete cascade, "wants" text not null, "email" text not null, "created_at" integer not null, "state" text default 'waiting' not null check (state in ('waiting', 'offered')), "offered_at" integer, "offer_token" text, constraint "waitlist_entry_once" unique ("drop_id", "wants", "email"));

-- waitlist_entry_waiting
CREATE INDEX "waitlist_entry_waiting" on "waitlist_entry" ("state", "drop_id", "id");

-- weekday_capacity
CREATE TABLE "weekday_capacity" ("weekday" integer primary key, "capacity" integer not null);

-- weekday_capacity_delete_page_version
CREATE TRIGGER weekday_capacity_delete_page_version after delete on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- weekday_capacity_insert_page_version
CREATE TRIGGER weekday_capacity_insert_page_version after insert on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;

-- weekday_capacity_update_page_version
CREATE TRIGGER weekday_capacity_update_page_version after update on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end;
