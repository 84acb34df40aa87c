import { Form } from 'react-router'
import { tagLabel, toggleTag } from './gallery-tags.ts'

/**
 * One button per tag in use. Each is a tiny GET form whose hidden fields hold
 * the selection after pressing it, so filtering works without JavaScript and
 * every selection has a URL (?tag=cake&tag=birthday) to share. With
 * JavaScript the router makes the same navigation in place.
 */
export function TagFilters({ tags, selected }: { tags: string[]; selected: string[] }) {
  return (
    <nav aria-label="Filter the gallery by tag" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => {
          const pressed = selected.includes(tag)
          return (
            <li key={tag}>
              <Form method="get" preventScrollReset replace>
                {toggleTag(selected, tag).map((next) => (
                  <input key={next} type="hidden" name="tag" value={next} />
                ))}
                <button
                  type="submit"
                  aria-pressed={pressed}
                  className={pressed ? 'filter-chip filter-chip-on' : 'filter-chip'}
                >
                  {tagLabel(tag)}
                </button>
              </Form>
            </li>
          )
        })}
        {selected.length > 0 ? (
          <li>
            <Form method="get" preventScrollReset replace>
              <button type="submit" className="filter-clear">
                Show all
              </button>
            </Form>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
