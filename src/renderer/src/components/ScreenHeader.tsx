// The title row every screen starts with.
import type { ReactNode } from 'react'

export function ScreenHeader(props: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="screen-header">
      <div>
        <h1>{props.title}</h1>
        {props.subtitle ? <p className="screen-header__subtitle">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="screen-header__actions">{props.actions}</div> : null}
    </header>
  )
}
