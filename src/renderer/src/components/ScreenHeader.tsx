// The title row every screen starts with.
import type { ReactNode } from 'react'

export function ScreenHeader(props: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <header className="screen-header">
      <div>
        {/* Element Timing reports when the title was first painted: the start benchmark reads it. */}
        <h1 {...{ elementtiming: 'screen-title' }}>{props.title}</h1>
        {props.subtitle ? <p className="screen-header__subtitle">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="screen-header__actions">{props.actions}</div> : null}
    </header>
  )
}
