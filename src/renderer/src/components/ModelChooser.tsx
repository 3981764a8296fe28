// A model field that holds a catalog of any size: type to narrow the models, arrows to move, Enter to choose.
// A native select draws every option; with 38,000 chat models it took a two-second task to open a screen.
// This draws the field and, while it is open, at most `shownAtOnce` matches. The ARIA combobox pattern: focus
// stays in the field, the active option is named by aria-activedescendant.
import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { choiceMatcher, type ModelChoice, namesExactly } from './model-matching.ts'
import './model-chooser.css'

export type { ModelChoice } from './model-matching.ts'

/** The most options drawn at once; typing narrows the rest. */
export const shownAtOnce = 50

/** A model field's search of a catalog too big to hand it: main finds what is typed. */
export interface CatalogSearch {
  /** Told what is typed: `choices` are then what the search found, and `total` how many it found in all. */
  onQuery: (typed: string) => void
  total: number
  /**
   * What was typed when `choices` were found. They are shown as found (a word of a description finds a model
   * too); while the answer for newer typing is on its way, the choices before are narrowed here.
   */
  answered: string | null
  /** A choice added to what was found (the chosen model, so that it shows): offered only if it matches. */
  added?: string | undefined
}

export function ModelChooser(
  props: {
    label: string
    choices: readonly ModelChoice[]
    /** The chosen model's id; '' when none is. */
    value: string
    onChange: (id: string) => void
    /** Shown in the empty field: while the models load, or when none fits. */
    placeholder?: string
    describedBy?: string
    /** Why the form cannot be sent with this field as it is. */
    error?: string | null
  } & Partial<CatalogSearch>,
) {
  const { choices, value, onChange } = props
  const fieldId = useId()
  const listId = `${fieldId}-list`
  const input = useRef<HTMLInputElement>(null)
  /** What the person typed since the list opened; null: nothing yet (the list shows every model). */
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  /** Where the list opens: below the field, or above it when the window has more room there. */
  const [placement, setPlacement] = useState({ above: false, height: 320 })
  const matches = useMemo(() => choiceMatcher(choices, shownAtOnce), [choices])
  const chosen = useMemo(() => choices.find((choice) => choice.id === value), [choices, value])
  /** The matches of what was typed; with nothing typed, the chosen model is among them even when far down. */
  const listFor = (typed: string | null) => {
    const searched = props.onQuery !== undefined && typed !== null && props.answered === typed
    const found = matches(typed ?? '', searched ? { added: props.added } : undefined)
    if (typed !== null || !chosen || found.shown.includes(chosen)) return found
    return { ...found, shown: [chosen, ...found.shown.slice(0, shownAtOnce - 1)] }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: listFor reads matches and chosen
  const { shown, total } = useMemo(
    () => (open ? listFor(query) : { shown: [], total: 0 }),
    [open, matches, chosen, query, props.answered, props.added],
  )
  const optionId = (index: number) => `${fieldId}-option-${index}`
  /** What the field shows while nothing is typed: the chosen model. */
  const shownText = chosen ? chosen.label : value
  // The models may arrive, or the chosen one change, while the field has the focus and nothing is typed yet:
  // the new text is selected too, so the next keystroke replaces it rather than adding to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text shown (`shownText`) changes
  useLayoutEffect(() => {
    if (query === null && document.activeElement === input.current) input.current?.select()
  }, [shownText, query])

  const show = (index: number) => {
    setActive(index)
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' })
  }
  const place = () => {
    const box = input.current?.getBoundingClientRect()
    if (!box) return
    const below = window.innerHeight - box.bottom
    const above = below < 200 && box.top > below
    setPlacement({ above, height: Math.max(120, Math.min(320, (above ? box.top : below) - 16)) })
  }
  const openList = () => {
    if (open) return
    place()
    setOpen(true)
    setQuery(null)
    setActive(
      Math.max(
        0,
        listFor(null).shown.findIndex((choice) => choice.id === value),
      ),
    )
  }
  const close = () => {
    setOpen(false)
    setQuery(null)
    props.onQuery?.('')
  }
  const choose = (choice: ModelChoice | undefined) => {
    if (!choice || choice.disabled) return
    if (choice.id !== value) onChange(choice.id)
    close()
  }
  /** Moves the active option by `by`, past the ones that cannot be chosen. */
  const step = (by: number) => {
    const direction = Math.sign(by)
    let next = Math.min(shown.length - 1, Math.max(0, active + by))
    while (shown[next]?.disabled && shown[next + direction]) next += direction
    if (shown[next] && !shown[next]?.disabled) show(next)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) openList()
      else step(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      if (!open) return
      event.preventDefault()
      step(event.key === 'PageDown' ? 10 : -10)
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      choose(shown[active])
    } else if (event.key === 'Escape' && open) {
      // Closes the list only: a panel around the field leaves an Escape whose default was prevented.
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      close()
    }
  }

  let lastGroup: string | undefined
  return (
    <div className="field model-chooser">
      <label className="field__label" htmlFor={fieldId}>
        {props.label}
      </label>
      <div className="model-chooser__box">
        <input
          ref={input}
          id={fieldId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && shown.length ? optionId(active) : undefined}
          aria-describedby={
            [props.describedBy, props.error ? `${fieldId}-error` : ''].join(' ').trim() || undefined
          }
          aria-invalid={props.error ? true : undefined}
          placeholder={props.placeholder ?? 'Type to find a model'}
          value={query ?? shownText}
          onChange={(event) => {
            if (!open) place()
            setOpen(true)
            setQuery(event.target.value)
            props.onQuery?.(event.target.value)
            const { shown: next } = listFor(event.target.value)
            // A model named whole is the one Enter takes, even one that cannot be chosen (the field's description
            // says why): never another model in its place.
            setActive(
              next[0] && namesExactly(next[0], event.target.value)
                ? 0
                : Math.max(
                    0,
                    next.findIndex((choice) => !choice.disabled),
                  ),
            )
          }}
          onFocus={(event) => {
            // Typing replaces the model shown; the start of its name stays in view.
            event.target.select()
            event.target.scrollLeft = 0
          }}
          onClick={() => (open ? close() : openList())}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <div
            className={`model-chooser__list${placement.above ? ' model-chooser__list--above' : ''}`}
            style={{ maxHeight: placement.height }}
            id={listId}
            role="listbox"
            aria-label={props.label}
          >
            {shown.map((choice, index) => {
              const heading = choice.group !== undefined && choice.group !== lastGroup ? choice.group : null
              lastGroup = choice.group
              return [
                heading ? (
                  <div key={`group ${heading}`} role="presentation" className="model-chooser__group">
                    {heading}
                  </div>
                ) : null,
                <div
                  key={choice.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  aria-disabled={choice.disabled || undefined}
                  className={`model-chooser__option${choice.id === value ? ' model-chooser__option--chosen' : ''}`}
                  // The field keeps the focus: a click chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(choice)}
                  // An option a screen reader's cursor focused is chosen from the keyboard as well.
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') choose(choice)
                  }}
                >
                  <span>{choice.label}</span>
                  {choice.detail ? <span className="model-chooser__detail">{choice.detail}</span> : null}
                  <span className="model-chooser__id"> {choice.id}</span>
                </div>,
              ]
            })}
            {shown.length === 0 ? (
              <div role="presentation" className="model-chooser__note">
                {choices.length === 0 || !query
                  ? (props.placeholder ?? 'There is no model to choose.')
                  : `No model matches “${query}”.`}
              </div>
            ) : Math.max(total, props.total ?? 0) > shown.length ? (
              <div role="presentation" className="model-chooser__note">
                {(Math.max(total, props.total ?? 0) - shown.length).toLocaleString('en-US')} more: type to
                narrow.
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      {chosen?.detail && !open ? <span className="muted model-chooser__chosen">{chosen.detail}</span> : null}
      {props.error ? (
        <span id={`${fieldId}-error`} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  )
}
