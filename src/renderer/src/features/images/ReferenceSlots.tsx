// The reference images of a family C request: up to three, dragged in from the gallery strip, each removable.
import type { ImageRecord } from '#shared/ipc/routes/images'
import { imageDragType } from './queries.ts'

export function ReferenceSlots(props: { references: ImageRecord[]; onChange: (ids: string[]) => void }) {
  const ids = props.references.map((reference) => reference.id)
  return (
    <fieldset
      className="reference-slots"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(imageDragType)) event.preventDefault()
      }}
      onDrop={(event) => {
        const id = event.dataTransfer.getData(imageDragType)
        if (!id || ids.includes(id)) return
        event.preventDefault()
        props.onChange([...ids, id].slice(-3))
      }}
    >
      <legend className="field__label">Reference images ({ids.length} of 1–3, sent as input_images)</legend>
      <div className="reference-slots__row">
        {props.references.map((reference) => (
          <figure key={reference.id} className="reference-slots__item">
            <img src={reference.url} alt={reference.prompt} />
            <button
              type="button"
              className="media-thumb__remove"
              aria-label={`Remove reference ${reference.prompt}`}
              onClick={() => props.onChange(ids.filter((id) => id !== reference.id))}
            >
              ×
            </button>
          </figure>
        ))}
        {ids.length < 3 ? <span className="muted">Drag images here from the gallery strip.</span> : null}
      </div>
    </fieldset>
  )
}
