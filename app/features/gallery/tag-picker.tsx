import { type KeyboardEvent, useState } from 'react'
import { site } from '#app/content/site.ts'
import {
  isValidTag,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_IMAGE,
  normalizeTag,
  orderTags,
  TAG_RULE,
  tagLabel,
  TOO_MANY_TAGS,
  toggleTag,
} from './gallery-tags.ts'

/**
 * The tags of a photo, in the upload and edit dialogs: the bakery's default
 * tags and every tag in use, each a toggle, and a field to add a new one
 * (checked against the tag rule here and again by the server, which also
 * keeps the gallery's whole list of tags bounded).
 */
export function TagPicker({
  tagsInUse,
  chosen,
  onChange,
  onProblem,
  disabled = false,
}: {
  tagsInUse: readonly string[]
  chosen: string[]
  onChange: (tags: string[]) => void
  /** A sentence about the new tag (too many, not a tag), or null once it is resolved. */
  onProblem: (problem: string | null) => void
  disabled?: boolean
}) {
  const { offered, atLimit, newTag, setNewTag, addTag } = useTagChoice({
    tagsInUse,
    chosen,
    onChange,
    onProblem,
  })
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="form-label">Tags</legend>
      <TagToggles offered={offered} chosen={chosen} atLimit={atLimit} onChange={onChange} />
      {atLimit ? (
        <p className="form-hint" role="status">
          {MAX_TAGS_PER_IMAGE} tags chosen, the most one photo can have.
        </p>
      ) : null}
      <NewTagField newTag={newTag} setNewTag={setNewTag} addTag={addTag} />
    </fieldset>
  )
}

/**
 * The tags offered (the defaults, those in use, those chosen and those she
 * added here) and the new tag she is typing, added when it is a tag and the
 * photo has room for it.
 */
function useTagChoice({
  tagsInUse,
  chosen,
  onChange,
  onProblem,
}: {
  tagsInUse: readonly string[]
  chosen: string[]
  onChange: (tags: string[]) => void
  onProblem: (problem: string | null) => void
}) {
  const [added, setAdded] = useState<string[]>([])
  const [newTag, setNewTag] = useState('')
  const offered = orderTags([...site.defaultGalleryTags, ...tagsInUse, ...chosen, ...added])
  const atLimit = chosen.length >= MAX_TAGS_PER_IMAGE

  function addTag() {
    const tag = normalizeTag(newTag)
    // Chosen tags are always among the offered ones.
    if (tag && !chosen.includes(tag)) {
      if (atLimit) return onProblem(TOO_MANY_TAGS)
      if (!offered.includes(tag)) {
        // What was typed stays in the field to be corrected.
        if (!isValidTag(tag)) return onProblem(TAG_RULE)
        setAdded([...added, tag])
      }
      onChange([...chosen, tag])
    }
    setNewTag('')
    onProblem(null)
  }

  return { offered, atLimit, newTag, setNewTag, addTag }
}

/** Each offered tag as a toggle; at the limit, only chosen ones can be changed. */
function TagToggles({
  offered,
  chosen,
  atLimit,
  onChange,
}: {
  offered: readonly string[]
  chosen: string[]
  atLimit: boolean
  onChange: (tags: string[]) => void
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {offered.map((tag) => {
        const checked = chosen.includes(tag)
        return (
          <label key={tag} className={checked ? 'tag-option tag-option-on' : 'tag-option'}>
            <input
              type="checkbox"
              className="sr-only"
              checked={checked}
              disabled={!checked && atLimit}
              onChange={() => onChange(toggleTag(chosen, tag))}
            />
            {tagLabel(tag)}
          </label>
        )
      })}
    </div>
  )
}

/** A new tag's field and its Add button; Enter in the field adds it too. */
function NewTagField({
  newTag,
  setNewTag,
  addTag,
}: {
  newTag: string
  setNewTag: (tag: string) => void
  addTag: () => void
}) {
  return (
    <div className="flex gap-2">
      <label className="form-field grow">
        <span className="sr-only">New tag</span>
        <input
          type="text"
          value={newTag}
          maxLength={MAX_TAG_LENGTH}
          placeholder="Add a new tag"
          onChange={(event) => setNewTag(event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            addTag()
          }}
        />
      </label>
      <button type="button" className="button-secondary" onClick={addTag}>
        Add
      </button>
    </div>
  )
}
