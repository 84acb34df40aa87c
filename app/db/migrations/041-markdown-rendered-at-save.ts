import { type Kysely, type Migration } from 'kysely'

// Her Markdown is rendered once, when she saves it, and kept beside it
// (docs/decisions/076): the FAQ's in site_content, the order policies' in
// booking_settings, and the policies a send accepted in its batch. Null
// until rendered: the boot renders what is stored (features' own
// functions, as a migration must not change once shipped) and the pages
// show the text as plain paragraphs meanwhile.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('site_content').addColumn('html', 'text').execute()
    await db.schema.alterTable('booking_settings').addColumn('policies_html', 'text').execute()
    await db.schema.alterTable('order_batch').addColumn('accepted_policies_html', 'text').execute()
  },
}
