import { Form, Link, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { centsToInput, currencySymbol } from '#app/utils/money.ts'
import { LAYOUTS, type LayoutKey } from './label-layouts.ts'
import { LABEL_LIMITS } from './label-settings-form.ts'
import type { LabelSettingsAnswer, LabelsView } from './labels-view.server.ts'
import { REGIONS, REGION_CODES, regionOf } from './regions.ts'

/**
 * Labels: opened from an order or a drop, its labels as they will print
 * (or what she must still tell them), then her label settings: her region,
 * whose statement and fields every label carries, her name and address,
 * her permit number, and the sheet she prints on.
 */
export function LabelsPage({
  view,
  answer,
}: {
  view: LabelsView
  answer: LabelSettingsAnswer | undefined
}) {
  return (
    <section className="page-section max-w-3xl" aria-labelledby="labels-heading">
      <p className="eyebrow">
        <Link to="/admin/kitchen" className="text-link">
          Kitchen
        </Link>
      </p>
      <h1 id="labels-heading" className="page-heading mt-2">
        {view.sheet?.title ?? 'Labels'}
      </h1>
      {view.sheet ? <SheetPreview sheet={view.sheet} backTo={view.backTo} /> : null}
      <LabelSettingsForm settings={view.settings} answer={answer} />
    </section>
  )
}

function SheetPreview({
  sheet,
  backTo,
}: {
  sheet: NonNullable<LabelsView['sheet']>
  backTo: LabelsView['backTo']
}) {
  if (!sheet.ok) {
    return (
      <div className="card mt-6 p-5" role="alert" data-testid="label-problems">
        <h2 className="font-display text-xl font-semibold">Before these labels can print</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          {sheet.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/admin/kitchen/sold" className="button-secondary">
            What you sell
          </Link>
          {backTo ? (
            <Link to={backTo.href} className="button-secondary">
              {backTo.label}
            </Link>
          ) : null}
        </p>
      </div>
    )
  }
  const total = sheet.labels.reduce((sum, { count }) => sum + count, 0)
  return (
    <div className="mt-6 grid gap-4">
      <p className="lede">
        {total === 1 ? 'One label' : `${total} labels`}, made from your recipes when first printed
        and kept as they are.
      </p>
      <p className="flex flex-wrap gap-3">
        <a href={sheet.pdfHref} className="button-primary" download>
          Download labels (PDF)
        </a>
        {backTo ? (
          <Link to={backTo.href} className="button-secondary">
            {backTo.label}
          </Link>
        ) : null}
      </p>
      <ul className="label-previews" aria-label="The labels">
        {sheet.labels.map(({ lines, count }, n) => (
          <li key={n} className="label-preview" data-testid="label-preview">
            <p className="label-preview-count">× {count}</p>
            {lines.map((line, i) => (
              <p key={i} className={`label-line-${line.kind}`}>
                {line.text}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </div>
  )
}

function LabelSettingsForm({
  settings,
  answer,
}: {
  settings: LabelsView['settings']
  answer: LabelSettingsAnswer | undefined
}) {
  const refused = answer && !answer.ok ? answer : undefined
  const values = refused?.values ?? settings
  const region = regionOf(settings.region)
  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="label-settings-heading">
      <h2 id="label-settings-heading" className="font-display text-2xl font-semibold">
        What every label says
      </h2>
      <FocusedAnswer
        answer={answer}
        fallback="Some of it needs another look."
        className="kitchen-said mt-2"
      />
      {region ? <RegionStatement region={region} /> : null}
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <RegionField value={values.region} error={refused?.errors.region} />
        <MakerField value={values.maker} error={refused?.errors.maker} />
        <PermitField value={values.permit} error={refused?.errors.permit} />
        <SalesCapField settings={settings} refused={refused} region={region} />
        <LayoutField value={values.layout} error={refused?.errors.layout} />
        <SaveButton />
      </Form>
    </section>
  )
}

type Region = NonNullable<ReturnType<typeof regionOf>>
type Refused = Extract<LabelSettingsAnswer, { ok: false }>

/** What her region's law asks every label to say, word for word. */
function RegionStatement({ region }: { region: Region }) {
  return (
    <div className="mt-2 text-sm" data-testid="region-statement">
      {region.statement ? (
        <>
          <p>{region.name} asks each label to say:</p>
          {Object.values(region.statement).map((words) => (
            <p key={words} className="label-line-statement mt-1">
              {words}
            </p>
          ))}
        </>
      ) : (
        <p>{region.name} words no statement of its own; your labels carry the rest.</p>
      )}
    </div>
  )
}

function RegionField({ value, error }: { value: string | null | undefined; error?: string }) {
  return (
    <FormField
      name="region"
      label="Where you bake"
      hint="Its law says what your labels must carry. Check yours with your health unit too."
      error={error}
    >
      {(control) => (
        <select {...control} defaultValue={value ?? ''}>
          <option value="">Choose…</option>
          {REGION_CODES.map((code) => (
            <option key={code} value={code}>
              {REGIONS[code].name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

function MakerField({ value, error }: { value: string | null | undefined; error?: string }) {
  return (
    <FormField
      name="maker"
      label="Your name and address"
      hint="Printed on every label as written, up to four lines: add any words your health unit asks for."
      error={error}
    >
      {(control) => (
        <textarea {...control} rows={4} maxLength={LABEL_LIMITS.maker} defaultValue={value ?? ''} />
      )}
    </FormField>
  )
}

function PermitField({ value, error }: { value: string | null | undefined; error?: string }) {
  return (
    <FormField
      name="permit"
      label="Your registration or permit number"
      optional
      hint="With who issued it, as your label must print it: “Registration 12345, Placer County”."
      error={error}
    >
      {(control) => (
        <input {...control} maxLength={LABEL_LIMITS.permit} defaultValue={value ?? ''} />
      )}
    </FormField>
  )
}

/** Her yearly cap: what she wrote if it was refused, else the saved cap. */
function SalesCapField({
  settings,
  refused,
  region,
}: {
  settings: LabelsView['settings']
  refused: Refused | undefined
  region: Region | null
}) {
  return (
    <FormField
      name="sales_cap"
      label={`Your yearly sales cap (${currencySymbol()})`}
      optional
      hint={
        region?.yearlySalesCap
          ? `Leave it empty to use ${region.name}’s cap; write yours if it differs. Settings shows your sales against it.`
          : 'Where your law caps what a home kitchen sells in a year (California’s depends on your class and changes each year): Settings shows your sales against it.'
      }
      error={refused?.errors.sales_cap}
    >
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          defaultValue={
            refused
              ? (refused.values.sales_cap ?? '')
              : settings.salesCapCents === null
                ? ''
                : centsToInput(settings.salesCapCents)
          }
        />
      )}
    </FormField>
  )
}

function LayoutField({ value, error }: { value: string | null | undefined; error?: string }) {
  return (
    <FormField name="layout" label="You print on" error={error}>
      {(control) => (
        <select {...control} defaultValue={value ?? 'avery-5163'}>
          {(Object.keys(LAYOUTS) as LayoutKey[]).map((key) => (
            <option key={key} value={key}>
              {LAYOUTS[key].name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

function SaveButton() {
  const saving = useNavigation().formMethod === 'POST'
  return (
    <div>
      <button type="submit" className="button-primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </div>
  )
}
